module @jit__random attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<2xui32>) -> (tensor<5xf32> {jax.result_info = "result[0]"}, tensor<3x2xf32> {jax.result_info = "result[1]"}, tensor<4xui32> {jax.result_info = "result[2]"}, tensor<6xi32> {jax.result_info = "result[3]"}, tensor<8xi32> {jax.result_info = "result[4]"}) {
    %0 = call @_threefry_split(%arg0) : (tensor<2xui32>) -> tensor<2x2xui32>
    %1 = stablehlo.slice %0 [0:1, 0:2] : (tensor<2x2xui32>) -> tensor<1x2xui32>
    %2 = stablehlo.reshape %1 : (tensor<1x2xui32>) -> tensor<2xui32>
    %3 = stablehlo.slice %0 [1:2, 0:2] : (tensor<2x2xui32>) -> tensor<1x2xui32>
    %4 = stablehlo.reshape %3 : (tensor<1x2xui32>) -> tensor<2xui32>
    %5 = call @_normal(%2) : (tensor<2xui32>) -> tensor<5xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %cst_0 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %6 = call @_uniform_1(%4, %cst, %cst_0) : (tensor<2xui32>, tensor<f32>, tensor<f32>) -> tensor<3x2xf32>
    %7 = stablehlo.slice %2 [0:1] : (tensor<2xui32>) -> tensor<1xui32>
    %8 = stablehlo.reshape %7 : (tensor<1xui32>) -> tensor<ui32>
    %9 = stablehlo.slice %2 [1:2] : (tensor<2xui32>) -> tensor<1xui32>
    %10 = stablehlo.reshape %9 : (tensor<1xui32>) -> tensor<ui32>
    %11 = stablehlo.iota dim = 0 : tensor<4xui64>
    %c = stablehlo.constant dense<1> : tensor<ui64>
    %12 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<ui64>) -> tensor<4xui64>
    %13 = stablehlo.multiply %12, %11 : tensor<4xui64>
    %c_1 = stablehlo.constant dense<32> : tensor<ui64>
    %14 = stablehlo.broadcast_in_dim %c_1, dims = [] : (tensor<ui64>) -> tensor<4xui64>
    %15 = stablehlo.shift_right_logical %13, %14 : tensor<4xui64>
    %16 = stablehlo.convert %13 : (tensor<4xui64>) -> tensor<4xui32>
    %17 = stablehlo.convert %15 : (tensor<4xui64>) -> tensor<4xui32>
    %18:2 = call @threefry2x32_3(%8, %10, %17, %16) : (tensor<ui32>, tensor<ui32>, tensor<4xui32>, tensor<4xui32>) -> (tensor<4xui32>, tensor<4xui32>)
    %19 = stablehlo.xor %18#0, %18#1 : tensor<4xui32>
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %c_3 = stablehlo.constant dense<10> : tensor<i32>
    %20 = call @_randint(%4, %c_2, %c_3) : (tensor<2xui32>, tensor<i32>, tensor<i32>) -> tensor<6xi32>
    %21 = stablehlo.iota dim = 0 : tensor<8xi32>
    %22 = call @_shuffle(%2, %21) : (tensor<2xui32>, tensor<8xi32>) -> tensor<8xi32>
    return %5, %6, %19, %20, %22 : tensor<5xf32>, tensor<3x2xf32>, tensor<4xui32>, tensor<6xi32>, tensor<8xi32>
  }
  func.func private @_threefry_split(%arg0: tensor<2xui32>) -> tensor<2x2xui32> {
    %0 = stablehlo.slice %arg0 [0:1] : (tensor<2xui32>) -> tensor<1xui32>
    %1 = stablehlo.reshape %0 : (tensor<1xui32>) -> tensor<ui32>
    %2 = stablehlo.slice %arg0 [1:2] : (tensor<2xui32>) -> tensor<1xui32>
    %3 = stablehlo.reshape %2 : (tensor<1xui32>) -> tensor<ui32>
    %4 = stablehlo.iota dim = 0 : tensor<2xui64>
    %c = stablehlo.constant dense<1> : tensor<ui64>
    %5 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<ui64>) -> tensor<2xui64>
    %6 = stablehlo.multiply %5, %4 : tensor<2xui64>
    %c_0 = stablehlo.constant dense<32> : tensor<ui64>
    %7 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<ui64>) -> tensor<2xui64>
    %8 = stablehlo.shift_right_logical %6, %7 : tensor<2xui64>
    %9 = stablehlo.convert %6 : (tensor<2xui64>) -> tensor<2xui32>
    %10 = stablehlo.convert %8 : (tensor<2xui64>) -> tensor<2xui32>
    %11:2 = call @threefry2x32(%1, %3, %10, %9) : (tensor<ui32>, tensor<ui32>, tensor<2xui32>, tensor<2xui32>) -> (tensor<2xui32>, tensor<2xui32>)
    %12 = stablehlo.broadcast_in_dim %11#0, dims = [0] : (tensor<2xui32>) -> tensor<2x1xui32>
    %13 = stablehlo.broadcast_in_dim %11#1, dims = [0] : (tensor<2xui32>) -> tensor<2x1xui32>
    %14 = stablehlo.concatenate %12, %13, dim = 1 : (tensor<2x1xui32>, tensor<2x1xui32>) -> tensor<2x2xui32>
    return %14 : tensor<2x2xui32>
  }
  func.func private @threefry2x32(%arg0: tensor<ui32>, %arg1: tensor<ui32>, %arg2: tensor<2xui32>, %arg3: tensor<2xui32>) -> (tensor<2xui32>, tensor<2xui32>) {
    %c = stablehlo.constant dense<[13, 15, 26, 6]> : tensor<4xui32>
    %c_0 = stablehlo.constant dense<[17, 29, 16, 24]> : tensor<4xui32>
    %0 = stablehlo.xor %arg0, %arg1 : tensor<ui32>
    %c_1 = stablehlo.constant dense<466688986> : tensor<ui32>
    %1 = stablehlo.xor %0, %c_1 : tensor<ui32>
    %2 = stablehlo.broadcast_in_dim %arg0, dims = [] : (tensor<ui32>) -> tensor<2xui32>
    %3 = stablehlo.add %arg2, %2 : tensor<2xui32>
    %4 = stablehlo.broadcast_in_dim %arg1, dims = [] : (tensor<ui32>) -> tensor<2xui32>
    %5 = stablehlo.add %arg3, %4 : tensor<2xui32>
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %c_3 = stablehlo.constant dense<0> : tensor<i32>
    %6:9 = stablehlo.while(%iterArg = %c_3, %iterArg_4 = %c_2, %iterArg_5 = %3, %iterArg_6 = %5, %iterArg_7 = %arg1, %iterArg_8 = %1, %iterArg_9 = %arg0, %iterArg_10 = %c, %iterArg_11 = %c_0) : tensor<i32>, tensor<i32>, tensor<2xui32>, tensor<2xui32>, tensor<ui32>, tensor<ui32>, tensor<ui32>, tensor<4xui32>, tensor<4xui32>
    cond {
      %c_12 = stablehlo.constant dense<5> : tensor<i32>
      %7 = stablehlo.compare LT, %iterArg, %c_12, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %7 : tensor<i1>
    } do {
      %c_12 = stablehlo.constant dense<1> : tensor<i32>
      %7 = stablehlo.add %iterArg_4, %c_12 : tensor<i32>
      %8 = stablehlo.slice %iterArg_10 [0:1] : (tensor<4xui32>) -> tensor<1xui32>
      %9 = stablehlo.reshape %8 : (tensor<1xui32>) -> tensor<ui32>
      %10 = stablehlo.slice %iterArg_10 [1:2] : (tensor<4xui32>) -> tensor<1xui32>
      %11 = stablehlo.reshape %10 : (tensor<1xui32>) -> tensor<ui32>
      %12 = stablehlo.slice %iterArg_10 [2:3] : (tensor<4xui32>) -> tensor<1xui32>
      %13 = stablehlo.reshape %12 : (tensor<1xui32>) -> tensor<ui32>
      %14 = stablehlo.slice %iterArg_10 [3:4] : (tensor<4xui32>) -> tensor<1xui32>
      %15 = stablehlo.reshape %14 : (tensor<1xui32>) -> tensor<ui32>
      %16 = stablehlo.add %iterArg_5, %iterArg_6 : tensor<2xui32>
      %17 = stablehlo.broadcast_in_dim %9, dims = [] : (tensor<ui32>) -> tensor<2xui32>
      %18 = stablehlo.shift_left %iterArg_6, %17 : tensor<2xui32>
      %c_13 = stablehlo.constant dense<32> : tensor<ui32>
      %19 = stablehlo.subtract %c_13, %9 : tensor<ui32>
      %20 = stablehlo.broadcast_in_dim %19, dims = [] : (tensor<ui32>) -> tensor<2xui32>
      %21 = stablehlo.shift_right_logical %iterArg_6, %20 : tensor<2xui32>
      %22 = stablehlo.or %18, %21 : tensor<2xui32>
      %23 = stablehlo.xor %16, %22 : tensor<2xui32>
      %24 = stablehlo.add %16, %23 : tensor<2xui32>
      %25 = stablehlo.broadcast_in_dim %11, dims = [] : (tensor<ui32>) -> tensor<2xui32>
      %26 = stablehlo.shift_left %23, %25 : tensor<2xui32>
      %c_14 = stablehlo.constant dense<32> : tensor<ui32>
      %27 = stablehlo.subtract %c_14, %11 : tensor<ui32>
      %28 = stablehlo.broadcast_in_dim %27, dims = [] : (tensor<ui32>) -> tensor<2xui32>
      %29 = stablehlo.shift_right_logical %23, %28 : tensor<2xui32>
      %30 = stablehlo.or %26, %29 : tensor<2xui32>
      %31 = stablehlo.xor %24, %30 : tensor<2xui32>
      %32 = stablehlo.add %24, %31 : tensor<2xui32>
      %33 = stablehlo.broadcast_in_dim %13, dims = [] : (tensor<ui32>) -> tensor<2xui32>
      %34 = stablehlo.shift_left %31, %33 : tensor<2xui32>
      %c_15 = stablehlo.constant dense<32> : tensor<ui32>
      %35 = stablehlo.subtract %c_15, %13 : tensor<ui32>
      %36 = stablehlo.broadcast_in_dim %35, dims = [] : (tensor<ui32>) -> tensor<2xui32>
      %37 = stablehlo.shift_right_logical %31, %36 : tensor<2xui32>
      %38 = stablehlo.or %34, %37 : tensor<2xui32>
      %39 = stablehlo.xor %32, %38 : tensor<2xui32>
      %40 = stablehlo.add %32, %39 : tensor<2xui32>
      %41 = stablehlo.broadcast_in_dim %15, dims = [] : (tensor<ui32>) -> tensor<2xui32>
      %42 = stablehlo.shift_left %39, %41 : tensor<2xui32>
      %c_16 = stablehlo.constant dense<32> : tensor<ui32>
      %43 = stablehlo.subtract %c_16, %15 : tensor<ui32>
      %44 = stablehlo.broadcast_in_dim %43, dims = [] : (tensor<ui32>) -> tensor<2xui32>
      %45 = stablehlo.shift_right_logical %39, %44 : tensor<2xui32>
      %46 = stablehlo.or %42, %45 : tensor<2xui32>
      %47 = stablehlo.xor %40, %46 : tensor<2xui32>
      %48 = stablehlo.broadcast_in_dim %iterArg_7, dims = [] : (tensor<ui32>) -> tensor<2xui32>
      %49 = stablehlo.add %40, %48 : tensor<2xui32>
      %50 = stablehlo.broadcast_in_dim %iterArg_8, dims = [] : (tensor<ui32>) -> tensor<2xui32>
      %51 = stablehlo.add %47, %50 : tensor<2xui32>
      %c_17 = stablehlo.constant dense<1> : tensor<i32>
      %52 = stablehlo.add %iterArg_4, %c_17 : tensor<i32>
      %53 = stablehlo.convert %52 : (tensor<i32>) -> tensor<ui32>
      %54 = stablehlo.broadcast_in_dim %53, dims = [] : (tensor<ui32>) -> tensor<2xui32>
      %55 = stablehlo.add %51, %54 : tensor<2xui32>
      %c_18 = stablehlo.constant dense<1> : tensor<i32>
      %56 = stablehlo.add %iterArg, %c_18 : tensor<i32>
      stablehlo.return %56, %7, %49, %55, %iterArg_8, %iterArg_9, %iterArg_7, %iterArg_11, %iterArg_10 : tensor<i32>, tensor<i32>, tensor<2xui32>, tensor<2xui32>, tensor<ui32>, tensor<ui32>, tensor<ui32>, tensor<4xui32>, tensor<4xui32>
    }
    return %6#2, %6#3 : tensor<2xui32>, tensor<2xui32>
  }
  func.func private @_normal(%arg0: tensor<2xui32>) -> tensor<5xf32> {
    %0 = call @_normal_real(%arg0) : (tensor<2xui32>) -> tensor<5xf32>
    return %0 : tensor<5xf32>
  }
  func.func private @_normal_real(%arg0: tensor<2xui32>) -> tensor<5xf32> {
    %cst = stablehlo.constant dense<-0.99999994> : tensor<f32>
    %cst_0 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %0 = call @_uniform(%arg0, %cst, %cst_0) : (tensor<2xui32>, tensor<f32>, tensor<f32>) -> tensor<5xf32>
    %1 = chlo.erf_inv %0 : tensor<5xf32> -> tensor<5xf32>
    %cst_1 = stablehlo.constant dense<1.41421354> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<5xf32>
    %3 = stablehlo.multiply %2, %1 : tensor<5xf32>
    return %3 : tensor<5xf32>
  }
  func.func private @_uniform(%arg0: tensor<2xui32>, %arg1: tensor<f32>, %arg2: tensor<f32>) -> tensor<5xf32> {
    %0 = stablehlo.broadcast_in_dim %arg1, dims = [] : (tensor<f32>) -> tensor<1xf32>
    %1 = stablehlo.broadcast_in_dim %arg2, dims = [] : (tensor<f32>) -> tensor<1xf32>
    %2 = stablehlo.slice %arg0 [0:1] : (tensor<2xui32>) -> tensor<1xui32>
    %3 = stablehlo.reshape %2 : (tensor<1xui32>) -> tensor<ui32>
    %4 = stablehlo.slice %arg0 [1:2] : (tensor<2xui32>) -> tensor<1xui32>
    %5 = stablehlo.reshape %4 : (tensor<1xui32>) -> tensor<ui32>
    %6 = stablehlo.iota dim = 0 : tensor<5xui64>
    %c = stablehlo.constant dense<1> : tensor<ui64>
    %7 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<ui64>) -> tensor<5xui64>
    %8 = stablehlo.multiply %7, %6 : tensor<5xui64>
    %c_0 = stablehlo.constant dense<32> : tensor<ui64>
    %9 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<ui64>) -> tensor<5xui64>
    %10 = stablehlo.shift_right_logical %8, %9 : tensor<5xui64>
    %11 = stablehlo.convert %8 : (tensor<5xui64>) -> tensor<5xui32>
    %12 = stablehlo.convert %10 : (tensor<5xui64>) -> tensor<5xui32>
    %13:2 = call @threefry2x32_0(%3, %5, %12, %11) : (tensor<ui32>, tensor<ui32>, tensor<5xui32>, tensor<5xui32>) -> (tensor<5xui32>, tensor<5xui32>)
    %14 = stablehlo.xor %13#0, %13#1 : tensor<5xui32>
    %c_1 = stablehlo.constant dense<9> : tensor<ui32>
    %15 = stablehlo.broadcast_in_dim %c_1, dims = [] : (tensor<ui32>) -> tensor<5xui32>
    %16 = stablehlo.shift_right_logical %14, %15 : tensor<5xui32>
    %c_2 = stablehlo.constant dense<1065353216> : tensor<ui32>
    %17 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<ui32>) -> tensor<5xui32>
    %18 = stablehlo.or %16, %17 : tensor<5xui32>
    %19 = stablehlo.bitcast_convert %18 : (tensor<5xui32>) -> tensor<5xf32>
    %cst = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %20 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<5xf32>
    %21 = stablehlo.subtract %19, %20 : tensor<5xf32>
    %22 = stablehlo.subtract %1, %0 : tensor<1xf32>
    %23 = stablehlo.broadcast_in_dim %22, dims = [0] : (tensor<1xf32>) -> tensor<5xf32>
    %24 = stablehlo.multiply %21, %23 : tensor<5xf32>
    %25 = stablehlo.broadcast_in_dim %0, dims = [0] : (tensor<1xf32>) -> tensor<5xf32>
    %26 = stablehlo.add %24, %25 : tensor<5xf32>
    %27 = stablehlo.broadcast_in_dim %0, dims = [0] : (tensor<1xf32>) -> tensor<5xf32>
    %28 = stablehlo.maximum %27, %26 : tensor<5xf32>
    return %28 : tensor<5xf32>
  }
  func.func private @threefry2x32_0(%arg0: tensor<ui32>, %arg1: tensor<ui32>, %arg2: tensor<5xui32>, %arg3: tensor<5xui32>) -> (tensor<5xui32>, tensor<5xui32>) {
    %c = stablehlo.constant dense<[13, 15, 26, 6]> : tensor<4xui32>
    %c_0 = stablehlo.constant dense<[17, 29, 16, 24]> : tensor<4xui32>
    %0 = stablehlo.xor %arg0, %arg1 : tensor<ui32>
    %c_1 = stablehlo.constant dense<466688986> : tensor<ui32>
    %1 = stablehlo.xor %0, %c_1 : tensor<ui32>
    %2 = stablehlo.broadcast_in_dim %arg0, dims = [] : (tensor<ui32>) -> tensor<5xui32>
    %3 = stablehlo.add %arg2, %2 : tensor<5xui32>
    %4 = stablehlo.broadcast_in_dim %arg1, dims = [] : (tensor<ui32>) -> tensor<5xui32>
    %5 = stablehlo.add %arg3, %4 : tensor<5xui32>
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %c_3 = stablehlo.constant dense<0> : tensor<i32>
    %6:9 = stablehlo.while(%iterArg = %c_3, %iterArg_4 = %c_2, %iterArg_5 = %3, %iterArg_6 = %5, %iterArg_7 = %arg1, %iterArg_8 = %1, %iterArg_9 = %arg0, %iterArg_10 = %c, %iterArg_11 = %c_0) : tensor<i32>, tensor<i32>, tensor<5xui32>, tensor<5xui32>, tensor<ui32>, tensor<ui32>, tensor<ui32>, tensor<4xui32>, tensor<4xui32>
    cond {
      %c_12 = stablehlo.constant dense<5> : tensor<i32>
      %7 = stablehlo.compare LT, %iterArg, %c_12, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %7 : tensor<i1>
    } do {
      %c_12 = stablehlo.constant dense<1> : tensor<i32>
      %7 = stablehlo.add %iterArg_4, %c_12 : tensor<i32>
      %8 = stablehlo.slice %iterArg_10 [0:1] : (tensor<4xui32>) -> tensor<1xui32>
      %9 = stablehlo.reshape %8 : (tensor<1xui32>) -> tensor<ui32>
      %10 = stablehlo.slice %iterArg_10 [1:2] : (tensor<4xui32>) -> tensor<1xui32>
      %11 = stablehlo.reshape %10 : (tensor<1xui32>) -> tensor<ui32>
      %12 = stablehlo.slice %iterArg_10 [2:3] : (tensor<4xui32>) -> tensor<1xui32>
      %13 = stablehlo.reshape %12 : (tensor<1xui32>) -> tensor<ui32>
      %14 = stablehlo.slice %iterArg_10 [3:4] : (tensor<4xui32>) -> tensor<1xui32>
      %15 = stablehlo.reshape %14 : (tensor<1xui32>) -> tensor<ui32>
      %16 = stablehlo.add %iterArg_5, %iterArg_6 : tensor<5xui32>
      %17 = stablehlo.broadcast_in_dim %9, dims = [] : (tensor<ui32>) -> tensor<5xui32>
      %18 = stablehlo.shift_left %iterArg_6, %17 : tensor<5xui32>
      %c_13 = stablehlo.constant dense<32> : tensor<ui32>
      %19 = stablehlo.subtract %c_13, %9 : tensor<ui32>
      %20 = stablehlo.broadcast_in_dim %19, dims = [] : (tensor<ui32>) -> tensor<5xui32>
      %21 = stablehlo.shift_right_logical %iterArg_6, %20 : tensor<5xui32>
      %22 = stablehlo.or %18, %21 : tensor<5xui32>
      %23 = stablehlo.xor %16, %22 : tensor<5xui32>
      %24 = stablehlo.add %16, %23 : tensor<5xui32>
      %25 = stablehlo.broadcast_in_dim %11, dims = [] : (tensor<ui32>) -> tensor<5xui32>
      %26 = stablehlo.shift_left %23, %25 : tensor<5xui32>
      %c_14 = stablehlo.constant dense<32> : tensor<ui32>
      %27 = stablehlo.subtract %c_14, %11 : tensor<ui32>
      %28 = stablehlo.broadcast_in_dim %27, dims = [] : (tensor<ui32>) -> tensor<5xui32>
      %29 = stablehlo.shift_right_logical %23, %28 : tensor<5xui32>
      %30 = stablehlo.or %26, %29 : tensor<5xui32>
      %31 = stablehlo.xor %24, %30 : tensor<5xui32>
      %32 = stablehlo.add %24, %31 : tensor<5xui32>
      %33 = stablehlo.broadcast_in_dim %13, dims = [] : (tensor<ui32>) -> tensor<5xui32>
      %34 = stablehlo.shift_left %31, %33 : tensor<5xui32>
      %c_15 = stablehlo.constant dense<32> : tensor<ui32>
      %35 = stablehlo.subtract %c_15, %13 : tensor<ui32>
      %36 = stablehlo.broadcast_in_dim %35, dims = [] : (tensor<ui32>) -> tensor<5xui32>
      %37 = stablehlo.shift_right_logical %31, %36 : tensor<5xui32>
      %38 = stablehlo.or %34, %37 : tensor<5xui32>
      %39 = stablehlo.xor %32, %38 : tensor<5xui32>
      %40 = stablehlo.add %32, %39 : tensor<5xui32>
      %41 = stablehlo.broadcast_in_dim %15, dims = [] : (tensor<ui32>) -> tensor<5xui32>
      %42 = stablehlo.shift_left %39, %41 : tensor<5xui32>
      %c_16 = stablehlo.constant dense<32> : tensor<ui32>
      %43 = stablehlo.subtract %c_16, %15 : tensor<ui32>
      %44 = stablehlo.broadcast_in_dim %43, dims = [] : (tensor<ui32>) -> tensor<5xui32>
      %45 = stablehlo.shift_right_logical %39, %44 : tensor<5xui32>
      %46 = stablehlo.or %42, %45 : tensor<5xui32>
      %47 = stablehlo.xor %40, %46 : tensor<5xui32>
      %48 = stablehlo.broadcast_in_dim %iterArg_7, dims = [] : (tensor<ui32>) -> tensor<5xui32>
      %49 = stablehlo.add %40, %48 : tensor<5xui32>
      %50 = stablehlo.broadcast_in_dim %iterArg_8, dims = [] : (tensor<ui32>) -> tensor<5xui32>
      %51 = stablehlo.add %47, %50 : tensor<5xui32>
      %c_17 = stablehlo.constant dense<1> : tensor<i32>
      %52 = stablehlo.add %iterArg_4, %c_17 : tensor<i32>
      %53 = stablehlo.convert %52 : (tensor<i32>) -> tensor<ui32>
      %54 = stablehlo.broadcast_in_dim %53, dims = [] : (tensor<ui32>) -> tensor<5xui32>
      %55 = stablehlo.add %51, %54 : tensor<5xui32>
      %c_18 = stablehlo.constant dense<1> : tensor<i32>
      %56 = stablehlo.add %iterArg, %c_18 : tensor<i32>
      stablehlo.return %56, %7, %49, %55, %iterArg_8, %iterArg_9, %iterArg_7, %iterArg_11, %iterArg_10 : tensor<i32>, tensor<i32>, tensor<5xui32>, tensor<5xui32>, tensor<ui32>, tensor<ui32>, tensor<ui32>, tensor<4xui32>, tensor<4xui32>
    }
    return %6#2, %6#3 : tensor<5xui32>, tensor<5xui32>
  }
  func.func private @_uniform_1(%arg0: tensor<2xui32>, %arg1: tensor<f32>, %arg2: tensor<f32>) -> tensor<3x2xf32> {
    %0 = stablehlo.convert %arg1 : tensor<f32>
    %1 = stablehlo.convert %arg2 : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<f32>) -> tensor<1x1xf32>
    %3 = stablehlo.broadcast_in_dim %1, dims = [] : (tensor<f32>) -> tensor<1x1xf32>
    %4 = stablehlo.slice %arg0 [0:1] : (tensor<2xui32>) -> tensor<1xui32>
    %5 = stablehlo.reshape %4 : (tensor<1xui32>) -> tensor<ui32>
    %6 = stablehlo.slice %arg0 [1:2] : (tensor<2xui32>) -> tensor<1xui32>
    %7 = stablehlo.reshape %6 : (tensor<1xui32>) -> tensor<ui32>
    %8 = stablehlo.iota dim = 0 : tensor<3x2xui64>
    %9 = stablehlo.iota dim = 1 : tensor<3x2xui64>
    %c = stablehlo.constant dense<2> : tensor<ui64>
    %10 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<ui64>) -> tensor<3x2xui64>
    %11 = stablehlo.multiply %10, %8 : tensor<3x2xui64>
    %c_0 = stablehlo.constant dense<1> : tensor<ui64>
    %12 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<ui64>) -> tensor<3x2xui64>
    %13 = stablehlo.multiply %12, %9 : tensor<3x2xui64>
    %14 = stablehlo.add %11, %13 : tensor<3x2xui64>
    %c_1 = stablehlo.constant dense<32> : tensor<ui64>
    %15 = stablehlo.broadcast_in_dim %c_1, dims = [] : (tensor<ui64>) -> tensor<3x2xui64>
    %16 = stablehlo.shift_right_logical %14, %15 : tensor<3x2xui64>
    %17 = stablehlo.convert %14 : (tensor<3x2xui64>) -> tensor<3x2xui32>
    %18 = stablehlo.convert %16 : (tensor<3x2xui64>) -> tensor<3x2xui32>
    %19:2 = call @threefry2x32_2(%5, %7, %18, %17) : (tensor<ui32>, tensor<ui32>, tensor<3x2xui32>, tensor<3x2xui32>) -> (tensor<3x2xui32>, tensor<3x2xui32>)
    %20 = stablehlo.xor %19#0, %19#1 : tensor<3x2xui32>
    %c_2 = stablehlo.constant dense<9> : tensor<ui32>
    %21 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<ui32>) -> tensor<3x2xui32>
    %22 = stablehlo.shift_right_logical %20, %21 : tensor<3x2xui32>
    %c_3 = stablehlo.constant dense<1065353216> : tensor<ui32>
    %23 = stablehlo.broadcast_in_dim %c_3, dims = [] : (tensor<ui32>) -> tensor<3x2xui32>
    %24 = stablehlo.or %22, %23 : tensor<3x2xui32>
    %25 = stablehlo.bitcast_convert %24 : (tensor<3x2xui32>) -> tensor<3x2xf32>
    %cst = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %26 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<3x2xf32>
    %27 = stablehlo.subtract %25, %26 : tensor<3x2xf32>
    %28 = stablehlo.subtract %3, %2 : tensor<1x1xf32>
    %29 = stablehlo.broadcast_in_dim %28, dims = [0, 1] : (tensor<1x1xf32>) -> tensor<3x2xf32>
    %30 = stablehlo.multiply %27, %29 : tensor<3x2xf32>
    %31 = stablehlo.broadcast_in_dim %2, dims = [0, 1] : (tensor<1x1xf32>) -> tensor<3x2xf32>
    %32 = stablehlo.add %30, %31 : tensor<3x2xf32>
    %33 = stablehlo.broadcast_in_dim %2, dims = [0, 1] : (tensor<1x1xf32>) -> tensor<3x2xf32>
    %34 = stablehlo.maximum %33, %32 : tensor<3x2xf32>
    return %34 : tensor<3x2xf32>
  }
  func.func private @threefry2x32_2(%arg0: tensor<ui32>, %arg1: tensor<ui32>, %arg2: tensor<3x2xui32>, %arg3: tensor<3x2xui32>) -> (tensor<3x2xui32>, tensor<3x2xui32>) {
    %c = stablehlo.constant dense<[13, 15, 26, 6]> : tensor<4xui32>
    %c_0 = stablehlo.constant dense<[17, 29, 16, 24]> : tensor<4xui32>
    %0 = stablehlo.xor %arg0, %arg1 : tensor<ui32>
    %c_1 = stablehlo.constant dense<466688986> : tensor<ui32>
    %1 = stablehlo.xor %0, %c_1 : tensor<ui32>
    %2 = stablehlo.broadcast_in_dim %arg0, dims = [] : (tensor<ui32>) -> tensor<3x2xui32>
    %3 = stablehlo.add %arg2, %2 : tensor<3x2xui32>
    %4 = stablehlo.broadcast_in_dim %arg1, dims = [] : (tensor<ui32>) -> tensor<3x2xui32>
    %5 = stablehlo.add %arg3, %4 : tensor<3x2xui32>
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %c_3 = stablehlo.constant dense<0> : tensor<i32>
    %6:9 = stablehlo.while(%iterArg = %c_3, %iterArg_4 = %c_2, %iterArg_5 = %3, %iterArg_6 = %5, %iterArg_7 = %arg1, %iterArg_8 = %1, %iterArg_9 = %arg0, %iterArg_10 = %c, %iterArg_11 = %c_0) : tensor<i32>, tensor<i32>, tensor<3x2xui32>, tensor<3x2xui32>, tensor<ui32>, tensor<ui32>, tensor<ui32>, tensor<4xui32>, tensor<4xui32>
    cond {
      %c_12 = stablehlo.constant dense<5> : tensor<i32>
      %7 = stablehlo.compare LT, %iterArg, %c_12, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %7 : tensor<i1>
    } do {
      %c_12 = stablehlo.constant dense<1> : tensor<i32>
      %7 = stablehlo.add %iterArg_4, %c_12 : tensor<i32>
      %8 = stablehlo.slice %iterArg_10 [0:1] : (tensor<4xui32>) -> tensor<1xui32>
      %9 = stablehlo.reshape %8 : (tensor<1xui32>) -> tensor<ui32>
      %10 = stablehlo.slice %iterArg_10 [1:2] : (tensor<4xui32>) -> tensor<1xui32>
      %11 = stablehlo.reshape %10 : (tensor<1xui32>) -> tensor<ui32>
      %12 = stablehlo.slice %iterArg_10 [2:3] : (tensor<4xui32>) -> tensor<1xui32>
      %13 = stablehlo.reshape %12 : (tensor<1xui32>) -> tensor<ui32>
      %14 = stablehlo.slice %iterArg_10 [3:4] : (tensor<4xui32>) -> tensor<1xui32>
      %15 = stablehlo.reshape %14 : (tensor<1xui32>) -> tensor<ui32>
      %16 = stablehlo.add %iterArg_5, %iterArg_6 : tensor<3x2xui32>
      %17 = stablehlo.broadcast_in_dim %9, dims = [] : (tensor<ui32>) -> tensor<3x2xui32>
      %18 = stablehlo.shift_left %iterArg_6, %17 : tensor<3x2xui32>
      %c_13 = stablehlo.constant dense<32> : tensor<ui32>
      %19 = stablehlo.subtract %c_13, %9 : tensor<ui32>
      %20 = stablehlo.broadcast_in_dim %19, dims = [] : (tensor<ui32>) -> tensor<3x2xui32>
      %21 = stablehlo.shift_right_logical %iterArg_6, %20 : tensor<3x2xui32>
      %22 = stablehlo.or %18, %21 : tensor<3x2xui32>
      %23 = stablehlo.xor %16, %22 : tensor<3x2xui32>
      %24 = stablehlo.add %16, %23 : tensor<3x2xui32>
      %25 = stablehlo.broadcast_in_dim %11, dims = [] : (tensor<ui32>) -> tensor<3x2xui32>
      %26 = stablehlo.shift_left %23, %25 : tensor<3x2xui32>
      %c_14 = stablehlo.constant dense<32> : tensor<ui32>
      %27 = stablehlo.subtract %c_14, %11 : tensor<ui32>
      %28 = stablehlo.broadcast_in_dim %27, dims = [] : (tensor<ui32>) -> tensor<3x2xui32>
      %29 = stablehlo.shift_right_logical %23, %28 : tensor<3x2xui32>
      %30 = stablehlo.or %26, %29 : tensor<3x2xui32>
      %31 = stablehlo.xor %24, %30 : tensor<3x2xui32>
      %32 = stablehlo.add %24, %31 : tensor<3x2xui32>
      %33 = stablehlo.broadcast_in_dim %13, dims = [] : (tensor<ui32>) -> tensor<3x2xui32>
      %34 = stablehlo.shift_left %31, %33 : tensor<3x2xui32>
      %c_15 = stablehlo.constant dense<32> : tensor<ui32>
      %35 = stablehlo.subtract %c_15, %13 : tensor<ui32>
      %36 = stablehlo.broadcast_in_dim %35, dims = [] : (tensor<ui32>) -> tensor<3x2xui32>
      %37 = stablehlo.shift_right_logical %31, %36 : tensor<3x2xui32>
      %38 = stablehlo.or %34, %37 : tensor<3x2xui32>
      %39 = stablehlo.xor %32, %38 : tensor<3x2xui32>
      %40 = stablehlo.add %32, %39 : tensor<3x2xui32>
      %41 = stablehlo.broadcast_in_dim %15, dims = [] : (tensor<ui32>) -> tensor<3x2xui32>
      %42 = stablehlo.shift_left %39, %41 : tensor<3x2xui32>
      %c_16 = stablehlo.constant dense<32> : tensor<ui32>
      %43 = stablehlo.subtract %c_16, %15 : tensor<ui32>
      %44 = stablehlo.broadcast_in_dim %43, dims = [] : (tensor<ui32>) -> tensor<3x2xui32>
      %45 = stablehlo.shift_right_logical %39, %44 : tensor<3x2xui32>
      %46 = stablehlo.or %42, %45 : tensor<3x2xui32>
      %47 = stablehlo.xor %40, %46 : tensor<3x2xui32>
      %48 = stablehlo.broadcast_in_dim %iterArg_7, dims = [] : (tensor<ui32>) -> tensor<3x2xui32>
      %49 = stablehlo.add %40, %48 : tensor<3x2xui32>
      %50 = stablehlo.broadcast_in_dim %iterArg_8, dims = [] : (tensor<ui32>) -> tensor<3x2xui32>
      %51 = stablehlo.add %47, %50 : tensor<3x2xui32>
      %c_17 = stablehlo.constant dense<1> : tensor<i32>
      %52 = stablehlo.add %iterArg_4, %c_17 : tensor<i32>
      %53 = stablehlo.convert %52 : (tensor<i32>) -> tensor<ui32>
      %54 = stablehlo.broadcast_in_dim %53, dims = [] : (tensor<ui32>) -> tensor<3x2xui32>
      %55 = stablehlo.add %51, %54 : tensor<3x2xui32>
      %c_18 = stablehlo.constant dense<1> : tensor<i32>
      %56 = stablehlo.add %iterArg, %c_18 : tensor<i32>
      stablehlo.return %56, %7, %49, %55, %iterArg_8, %iterArg_9, %iterArg_7, %iterArg_11, %iterArg_10 : tensor<i32>, tensor<i32>, tensor<3x2xui32>, tensor<3x2xui32>, tensor<ui32>, tensor<ui32>, tensor<ui32>, tensor<4xui32>, tensor<4xui32>
    }
    return %6#2, %6#3 : tensor<3x2xui32>, tensor<3x2xui32>
  }
  func.func private @threefry2x32_3(%arg0: tensor<ui32>, %arg1: tensor<ui32>, %arg2: tensor<4xui32>, %arg3: tensor<4xui32>) -> (tensor<4xui32>, tensor<4xui32>) {
    %c = stablehlo.constant dense<[13, 15, 26, 6]> : tensor<4xui32>
    %c_0 = stablehlo.constant dense<[17, 29, 16, 24]> : tensor<4xui32>
    %0 = stablehlo.xor %arg0, %arg1 : tensor<ui32>
    %c_1 = stablehlo.constant dense<466688986> : tensor<ui32>
    %1 = stablehlo.xor %0, %c_1 : tensor<ui32>
    %2 = stablehlo.broadcast_in_dim %arg0, dims = [] : (tensor<ui32>) -> tensor<4xui32>
    %3 = stablehlo.add %arg2, %2 : tensor<4xui32>
    %4 = stablehlo.broadcast_in_dim %arg1, dims = [] : (tensor<ui32>) -> tensor<4xui32>
    %5 = stablehlo.add %arg3, %4 : tensor<4xui32>
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %c_3 = stablehlo.constant dense<0> : tensor<i32>
    %6:9 = stablehlo.while(%iterArg = %c_3, %iterArg_4 = %c_2, %iterArg_5 = %3, %iterArg_6 = %5, %iterArg_7 = %arg1, %iterArg_8 = %1, %iterArg_9 = %arg0, %iterArg_10 = %c, %iterArg_11 = %c_0) : tensor<i32>, tensor<i32>, tensor<4xui32>, tensor<4xui32>, tensor<ui32>, tensor<ui32>, tensor<ui32>, tensor<4xui32>, tensor<4xui32>
    cond {
      %c_12 = stablehlo.constant dense<5> : tensor<i32>
      %7 = stablehlo.compare LT, %iterArg, %c_12, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %7 : tensor<i1>
    } do {
      %c_12 = stablehlo.constant dense<1> : tensor<i32>
      %7 = stablehlo.add %iterArg_4, %c_12 : tensor<i32>
      %8 = stablehlo.slice %iterArg_10 [0:1] : (tensor<4xui32>) -> tensor<1xui32>
      %9 = stablehlo.reshape %8 : (tensor<1xui32>) -> tensor<ui32>
      %10 = stablehlo.slice %iterArg_10 [1:2] : (tensor<4xui32>) -> tensor<1xui32>
      %11 = stablehlo.reshape %10 : (tensor<1xui32>) -> tensor<ui32>
      %12 = stablehlo.slice %iterArg_10 [2:3] : (tensor<4xui32>) -> tensor<1xui32>
      %13 = stablehlo.reshape %12 : (tensor<1xui32>) -> tensor<ui32>
      %14 = stablehlo.slice %iterArg_10 [3:4] : (tensor<4xui32>) -> tensor<1xui32>
      %15 = stablehlo.reshape %14 : (tensor<1xui32>) -> tensor<ui32>
      %16 = stablehlo.add %iterArg_5, %iterArg_6 : tensor<4xui32>
      %17 = stablehlo.broadcast_in_dim %9, dims = [] : (tensor<ui32>) -> tensor<4xui32>
      %18 = stablehlo.shift_left %iterArg_6, %17 : tensor<4xui32>
      %c_13 = stablehlo.constant dense<32> : tensor<ui32>
      %19 = stablehlo.subtract %c_13, %9 : tensor<ui32>
      %20 = stablehlo.broadcast_in_dim %19, dims = [] : (tensor<ui32>) -> tensor<4xui32>
      %21 = stablehlo.shift_right_logical %iterArg_6, %20 : tensor<4xui32>
      %22 = stablehlo.or %18, %21 : tensor<4xui32>
      %23 = stablehlo.xor %16, %22 : tensor<4xui32>
      %24 = stablehlo.add %16, %23 : tensor<4xui32>
      %25 = stablehlo.broadcast_in_dim %11, dims = [] : (tensor<ui32>) -> tensor<4xui32>
      %26 = stablehlo.shift_left %23, %25 : tensor<4xui32>
      %c_14 = stablehlo.constant dense<32> : tensor<ui32>
      %27 = stablehlo.subtract %c_14, %11 : tensor<ui32>
      %28 = stablehlo.broadcast_in_dim %27, dims = [] : (tensor<ui32>) -> tensor<4xui32>
      %29 = stablehlo.shift_right_logical %23, %28 : tensor<4xui32>
      %30 = stablehlo.or %26, %29 : tensor<4xui32>
      %31 = stablehlo.xor %24, %30 : tensor<4xui32>
      %32 = stablehlo.add %24, %31 : tensor<4xui32>
      %33 = stablehlo.broadcast_in_dim %13, dims = [] : (tensor<ui32>) -> tensor<4xui32>
      %34 = stablehlo.shift_left %31, %33 : tensor<4xui32>
      %c_15 = stablehlo.constant dense<32> : tensor<ui32>
      %35 = stablehlo.subtract %c_15, %13 : tensor<ui32>
      %36 = stablehlo.broadcast_in_dim %35, dims = [] : (tensor<ui32>) -> tensor<4xui32>
      %37 = stablehlo.shift_right_logical %31, %36 : tensor<4xui32>
      %38 = stablehlo.or %34, %37 : tensor<4xui32>
      %39 = stablehlo.xor %32, %38 : tensor<4xui32>
      %40 = stablehlo.add %32, %39 : tensor<4xui32>
      %41 = stablehlo.broadcast_in_dim %15, dims = [] : (tensor<ui32>) -> tensor<4xui32>
      %42 = stablehlo.shift_left %39, %41 : tensor<4xui32>
      %c_16 = stablehlo.constant dense<32> : tensor<ui32>
      %43 = stablehlo.subtract %c_16, %15 : tensor<ui32>
      %44 = stablehlo.broadcast_in_dim %43, dims = [] : (tensor<ui32>) -> tensor<4xui32>
      %45 = stablehlo.shift_right_logical %39, %44 : tensor<4xui32>
      %46 = stablehlo.or %42, %45 : tensor<4xui32>
      %47 = stablehlo.xor %40, %46 : tensor<4xui32>
      %48 = stablehlo.broadcast_in_dim %iterArg_7, dims = [] : (tensor<ui32>) -> tensor<4xui32>
      %49 = stablehlo.add %40, %48 : tensor<4xui32>
      %50 = stablehlo.broadcast_in_dim %iterArg_8, dims = [] : (tensor<ui32>) -> tensor<4xui32>
      %51 = stablehlo.add %47, %50 : tensor<4xui32>
      %c_17 = stablehlo.constant dense<1> : tensor<i32>
      %52 = stablehlo.add %iterArg_4, %c_17 : tensor<i32>
      %53 = stablehlo.convert %52 : (tensor<i32>) -> tensor<ui32>
      %54 = stablehlo.broadcast_in_dim %53, dims = [] : (tensor<ui32>) -> tensor<4xui32>
      %55 = stablehlo.add %51, %54 : tensor<4xui32>
      %c_18 = stablehlo.constant dense<1> : tensor<i32>
      %56 = stablehlo.add %iterArg, %c_18 : tensor<i32>
      stablehlo.return %56, %7, %49, %55, %iterArg_8, %iterArg_9, %iterArg_7, %iterArg_11, %iterArg_10 : tensor<i32>, tensor<i32>, tensor<4xui32>, tensor<4xui32>, tensor<ui32>, tensor<ui32>, tensor<ui32>, tensor<4xui32>, tensor<4xui32>
    }
    return %6#2, %6#3 : tensor<4xui32>, tensor<4xui32>
  }
  func.func private @_randint(%arg0: tensor<2xui32>, %arg1: tensor<i32>, %arg2: tensor<i32>) -> tensor<6xi32> {
    %c = stablehlo.constant dense<2147483647> : tensor<i32>
    %c_0 = stablehlo.constant dense<-2147483648> : tensor<i32>
    %c_1 = stablehlo.constant dense<2147483647> : tensor<i32>
    %0 = call @clip(%c, %c_0, %c_1) : (tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<i32>
    %1 = stablehlo.compare GT, %arg2, %0, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %c_2 = stablehlo.constant dense<-2147483648> : tensor<i32>
    %c_3 = stablehlo.constant dense<2147483647> : tensor<i32>
    %2 = call @clip_4(%arg1, %c_2, %c_3) : (tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<i32>
    %3 = stablehlo.convert %2 : tensor<i32>
    %c_4 = stablehlo.constant dense<-2147483648> : tensor<i32>
    %c_5 = stablehlo.constant dense<2147483647> : tensor<i32>
    %4 = call @clip_4(%arg2, %c_4, %c_5) : (tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<i32>
    %5 = stablehlo.convert %4 : tensor<i32>
    %6 = stablehlo.broadcast_in_dim %3, dims = [] : (tensor<i32>) -> tensor<1xi32>
    %7 = stablehlo.broadcast_in_dim %5, dims = [] : (tensor<i32>) -> tensor<1xi32>
    %8 = call @_threefry_split(%arg0) : (tensor<2xui32>) -> tensor<2x2xui32>
    %9 = stablehlo.slice %8 [0:1, 0:2] : (tensor<2x2xui32>) -> tensor<1x2xui32>
    %10 = stablehlo.reshape %9 : (tensor<1x2xui32>) -> tensor<2xui32>
    %11 = stablehlo.slice %8 [1:2, 0:2] : (tensor<2x2xui32>) -> tensor<1x2xui32>
    %12 = stablehlo.reshape %11 : (tensor<1x2xui32>) -> tensor<2xui32>
    %13 = stablehlo.slice %10 [0:1] : (tensor<2xui32>) -> tensor<1xui32>
    %14 = stablehlo.reshape %13 : (tensor<1xui32>) -> tensor<ui32>
    %15 = stablehlo.slice %10 [1:2] : (tensor<2xui32>) -> tensor<1xui32>
    %16 = stablehlo.reshape %15 : (tensor<1xui32>) -> tensor<ui32>
    %17 = stablehlo.iota dim = 0 : tensor<6xui64>
    %c_6 = stablehlo.constant dense<1> : tensor<ui64>
    %18 = stablehlo.broadcast_in_dim %c_6, dims = [] : (tensor<ui64>) -> tensor<6xui64>
    %19 = stablehlo.multiply %18, %17 : tensor<6xui64>
    %c_7 = stablehlo.constant dense<32> : tensor<ui64>
    %20 = stablehlo.broadcast_in_dim %c_7, dims = [] : (tensor<ui64>) -> tensor<6xui64>
    %21 = stablehlo.shift_right_logical %19, %20 : tensor<6xui64>
    %22 = stablehlo.convert %19 : (tensor<6xui64>) -> tensor<6xui32>
    %23 = stablehlo.convert %21 : (tensor<6xui64>) -> tensor<6xui32>
    %24:2 = call @threefry2x32_5(%14, %16, %23, %22) : (tensor<ui32>, tensor<ui32>, tensor<6xui32>, tensor<6xui32>) -> (tensor<6xui32>, tensor<6xui32>)
    %25 = stablehlo.xor %24#0, %24#1 : tensor<6xui32>
    %26 = stablehlo.slice %12 [0:1] : (tensor<2xui32>) -> tensor<1xui32>
    %27 = stablehlo.reshape %26 : (tensor<1xui32>) -> tensor<ui32>
    %28 = stablehlo.slice %12 [1:2] : (tensor<2xui32>) -> tensor<1xui32>
    %29 = stablehlo.reshape %28 : (tensor<1xui32>) -> tensor<ui32>
    %30 = stablehlo.iota dim = 0 : tensor<6xui64>
    %c_8 = stablehlo.constant dense<1> : tensor<ui64>
    %31 = stablehlo.broadcast_in_dim %c_8, dims = [] : (tensor<ui64>) -> tensor<6xui64>
    %32 = stablehlo.multiply %31, %30 : tensor<6xui64>
    %c_9 = stablehlo.constant dense<32> : tensor<ui64>
    %33 = stablehlo.broadcast_in_dim %c_9, dims = [] : (tensor<ui64>) -> tensor<6xui64>
    %34 = stablehlo.shift_right_logical %32, %33 : tensor<6xui64>
    %35 = stablehlo.convert %32 : (tensor<6xui64>) -> tensor<6xui32>
    %36 = stablehlo.convert %34 : (tensor<6xui64>) -> tensor<6xui32>
    %37:2 = call @threefry2x32_5(%27, %29, %36, %35) : (tensor<ui32>, tensor<ui32>, tensor<6xui32>, tensor<6xui32>) -> (tensor<6xui32>, tensor<6xui32>)
    %38 = stablehlo.xor %37#0, %37#1 : tensor<6xui32>
    %39 = stablehlo.subtract %7, %6 : tensor<1xi32>
    %40 = stablehlo.convert %39 : (tensor<1xi32>) -> tensor<1xui32>
    %41 = stablehlo.compare LE, %7, %6, SIGNED : (tensor<1xi32>, tensor<1xi32>) -> tensor<1xi1>
    %c_10 = stablehlo.constant dense<1> : tensor<ui32>
    %42 = stablehlo.broadcast_in_dim %c_10, dims = [] : (tensor<ui32>) -> tensor<1xui32>
    %43 = stablehlo.select %41, %42, %40 : tensor<1xi1>, tensor<1xui32>
    %44 = stablehlo.compare GT, %7, %6, SIGNED : (tensor<1xi32>, tensor<1xi32>) -> tensor<1xi1>
    %45 = stablehlo.broadcast_in_dim %1, dims = [] : (tensor<i1>) -> tensor<1xi1>
    %46 = stablehlo.and %45, %44 : tensor<1xi1>
    %c_11 = stablehlo.constant dense<1> : tensor<ui32>
    %47 = stablehlo.broadcast_in_dim %c_11, dims = [] : (tensor<ui32>) -> tensor<1xui32>
    %48 = stablehlo.add %43, %47 : tensor<1xui32>
    %49 = stablehlo.select %46, %48, %43 : tensor<1xi1>, tensor<1xui32>
    %c_12 = stablehlo.constant dense<65536> : tensor<ui32>
    %50 = stablehlo.broadcast_in_dim %c_12, dims = [] : (tensor<ui32>) -> tensor<1xui32>
    %51 = stablehlo.remainder %50, %49 : tensor<1xui32>
    %52 = stablehlo.multiply %51, %51 : tensor<1xui32>
    %53 = stablehlo.remainder %52, %49 : tensor<1xui32>
    %54 = stablehlo.broadcast_in_dim %49, dims = [0] : (tensor<1xui32>) -> tensor<6xui32>
    %55 = stablehlo.remainder %25, %54 : tensor<6xui32>
    %56 = stablehlo.broadcast_in_dim %53, dims = [0] : (tensor<1xui32>) -> tensor<6xui32>
    %57 = stablehlo.multiply %55, %56 : tensor<6xui32>
    %58 = stablehlo.broadcast_in_dim %49, dims = [0] : (tensor<1xui32>) -> tensor<6xui32>
    %59 = stablehlo.remainder %38, %58 : tensor<6xui32>
    %60 = stablehlo.add %57, %59 : tensor<6xui32>
    %61 = stablehlo.broadcast_in_dim %49, dims = [0] : (tensor<1xui32>) -> tensor<6xui32>
    %62 = stablehlo.remainder %60, %61 : tensor<6xui32>
    %63 = stablehlo.convert %62 : (tensor<6xui32>) -> tensor<6xi32>
    %64 = stablehlo.broadcast_in_dim %6, dims = [0] : (tensor<1xi32>) -> tensor<6xi32>
    %65 = stablehlo.add %64, %63 : tensor<6xi32>
    return %65 : tensor<6xi32>
  }
  func.func private @clip(%arg0: tensor<i32>, %arg1: tensor<i32>, %arg2: tensor<i32>) -> tensor<i32> {
    %0 = stablehlo.maximum %arg1, %arg0 : tensor<i32>
    %1 = stablehlo.minimum %arg2, %0 : tensor<i32>
    return %1 : tensor<i32>
  }
  func.func private @clip_4(%arg0: tensor<i32>, %arg1: tensor<i32>, %arg2: tensor<i32>) -> tensor<i32> {
    %0 = stablehlo.maximum %arg1, %arg0 : tensor<i32>
    %1 = stablehlo.minimum %arg2, %0 : tensor<i32>
    return %1 : tensor<i32>
  }
  func.func private @threefry2x32_5(%arg0: tensor<ui32>, %arg1: tensor<ui32>, %arg2: tensor<6xui32>, %arg3: tensor<6xui32>) -> (tensor<6xui32>, tensor<6xui32>) {
    %c = stablehlo.constant dense<[13, 15, 26, 6]> : tensor<4xui32>
    %c_0 = stablehlo.constant dense<[17, 29, 16, 24]> : tensor<4xui32>
    %0 = stablehlo.xor %arg0, %arg1 : tensor<ui32>
    %c_1 = stablehlo.constant dense<466688986> : tensor<ui32>
    %1 = stablehlo.xor %0, %c_1 : tensor<ui32>
    %2 = stablehlo.broadcast_in_dim %arg0, dims = [] : (tensor<ui32>) -> tensor<6xui32>
    %3 = stablehlo.add %arg2, %2 : tensor<6xui32>
    %4 = stablehlo.broadcast_in_dim %arg1, dims = [] : (tensor<ui32>) -> tensor<6xui32>
    %5 = stablehlo.add %arg3, %4 : tensor<6xui32>
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %c_3 = stablehlo.constant dense<0> : tensor<i32>
    %6:9 = stablehlo.while(%iterArg = %c_3, %iterArg_4 = %c_2, %iterArg_5 = %3, %iterArg_6 = %5, %iterArg_7 = %arg1, %iterArg_8 = %1, %iterArg_9 = %arg0, %iterArg_10 = %c, %iterArg_11 = %c_0) : tensor<i32>, tensor<i32>, tensor<6xui32>, tensor<6xui32>, tensor<ui32>, tensor<ui32>, tensor<ui32>, tensor<4xui32>, tensor<4xui32>
    cond {
      %c_12 = stablehlo.constant dense<5> : tensor<i32>
      %7 = stablehlo.compare LT, %iterArg, %c_12, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %7 : tensor<i1>
    } do {
      %c_12 = stablehlo.constant dense<1> : tensor<i32>
      %7 = stablehlo.add %iterArg_4, %c_12 : tensor<i32>
      %8 = stablehlo.slice %iterArg_10 [0:1] : (tensor<4xui32>) -> tensor<1xui32>
      %9 = stablehlo.reshape %8 : (tensor<1xui32>) -> tensor<ui32>
      %10 = stablehlo.slice %iterArg_10 [1:2] : (tensor<4xui32>) -> tensor<1xui32>
      %11 = stablehlo.reshape %10 : (tensor<1xui32>) -> tensor<ui32>
      %12 = stablehlo.slice %iterArg_10 [2:3] : (tensor<4xui32>) -> tensor<1xui32>
      %13 = stablehlo.reshape %12 : (tensor<1xui32>) -> tensor<ui32>
      %14 = stablehlo.slice %iterArg_10 [3:4] : (tensor<4xui32>) -> tensor<1xui32>
      %15 = stablehlo.reshape %14 : (tensor<1xui32>) -> tensor<ui32>
      %16 = stablehlo.add %iterArg_5, %iterArg_6 : tensor<6xui32>
      %17 = stablehlo.broadcast_in_dim %9, dims = [] : (tensor<ui32>) -> tensor<6xui32>
      %18 = stablehlo.shift_left %iterArg_6, %17 : tensor<6xui32>
      %c_13 = stablehlo.constant dense<32> : tensor<ui32>
      %19 = stablehlo.subtract %c_13, %9 : tensor<ui32>
      %20 = stablehlo.broadcast_in_dim %19, dims = [] : (tensor<ui32>) -> tensor<6xui32>
      %21 = stablehlo.shift_right_logical %iterArg_6, %20 : tensor<6xui32>
      %22 = stablehlo.or %18, %21 : tensor<6xui32>
      %23 = stablehlo.xor %16, %22 : tensor<6xui32>
      %24 = stablehlo.add %16, %23 : tensor<6xui32>
      %25 = stablehlo.broadcast_in_dim %11, dims = [] : (tensor<ui32>) -> tensor<6xui32>
      %26 = stablehlo.shift_left %23, %25 : tensor<6xui32>
      %c_14 = stablehlo.constant dense<32> : tensor<ui32>
      %27 = stablehlo.subtract %c_14, %11 : tensor<ui32>
      %28 = stablehlo.broadcast_in_dim %27, dims = [] : (tensor<ui32>) -> tensor<6xui32>
      %29 = stablehlo.shift_right_logical %23, %28 : tensor<6xui32>
      %30 = stablehlo.or %26, %29 : tensor<6xui32>
      %31 = stablehlo.xor %24, %30 : tensor<6xui32>
      %32 = stablehlo.add %24, %31 : tensor<6xui32>
      %33 = stablehlo.broadcast_in_dim %13, dims = [] : (tensor<ui32>) -> tensor<6xui32>
      %34 = stablehlo.shift_left %31, %33 : tensor<6xui32>
      %c_15 = stablehlo.constant dense<32> : tensor<ui32>
      %35 = stablehlo.subtract %c_15, %13 : tensor<ui32>
      %36 = stablehlo.broadcast_in_dim %35, dims = [] : (tensor<ui32>) -> tensor<6xui32>
      %37 = stablehlo.shift_right_logical %31, %36 : tensor<6xui32>
      %38 = stablehlo.or %34, %37 : tensor<6xui32>
      %39 = stablehlo.xor %32, %38 : tensor<6xui32>
      %40 = stablehlo.add %32, %39 : tensor<6xui32>
      %41 = stablehlo.broadcast_in_dim %15, dims = [] : (tensor<ui32>) -> tensor<6xui32>
      %42 = stablehlo.shift_left %39, %41 : tensor<6xui32>
      %c_16 = stablehlo.constant dense<32> : tensor<ui32>
      %43 = stablehlo.subtract %c_16, %15 : tensor<ui32>
      %44 = stablehlo.broadcast_in_dim %43, dims = [] : (tensor<ui32>) -> tensor<6xui32>
      %45 = stablehlo.shift_right_logical %39, %44 : tensor<6xui32>
      %46 = stablehlo.or %42, %45 : tensor<6xui32>
      %47 = stablehlo.xor %40, %46 : tensor<6xui32>
      %48 = stablehlo.broadcast_in_dim %iterArg_7, dims = [] : (tensor<ui32>) -> tensor<6xui32>
      %49 = stablehlo.add %40, %48 : tensor<6xui32>
      %50 = stablehlo.broadcast_in_dim %iterArg_8, dims = [] : (tensor<ui32>) -> tensor<6xui32>
      %51 = stablehlo.add %47, %50 : tensor<6xui32>
      %c_17 = stablehlo.constant dense<1> : tensor<i32>
      %52 = stablehlo.add %iterArg_4, %c_17 : tensor<i32>
      %53 = stablehlo.convert %52 : (tensor<i32>) -> tensor<ui32>
      %54 = stablehlo.broadcast_in_dim %53, dims = [] : (tensor<ui32>) -> tensor<6xui32>
      %55 = stablehlo.add %51, %54 : tensor<6xui32>
      %c_18 = stablehlo.constant dense<1> : tensor<i32>
      %56 = stablehlo.add %iterArg, %c_18 : tensor<i32>
      stablehlo.return %56, %7, %49, %55, %iterArg_8, %iterArg_9, %iterArg_7, %iterArg_11, %iterArg_10 : tensor<i32>, tensor<i32>, tensor<6xui32>, tensor<6xui32>, tensor<ui32>, tensor<ui32>, tensor<ui32>, tensor<4xui32>, tensor<4xui32>
    }
    return %6#2, %6#3 : tensor<6xui32>, tensor<6xui32>
  }
  func.func private @_shuffle(%arg0: tensor<2xui32>, %arg1: tensor<8xi32>) -> tensor<8xi32> {
    %0 = call @_threefry_split(%arg0) : (tensor<2xui32>) -> tensor<2x2xui32>
    %1 = stablehlo.slice %0 [0:1, 0:2] : (tensor<2x2xui32>) -> tensor<1x2xui32>
    %2 = stablehlo.reshape %1 : (tensor<1x2xui32>) -> tensor<2xui32>
    %3 = stablehlo.slice %0 [1:2, 0:2] : (tensor<2x2xui32>) -> tensor<1x2xui32>
    %4 = stablehlo.reshape %3 : (tensor<1x2xui32>) -> tensor<2xui32>
    %5 = stablehlo.slice %4 [0:1] : (tensor<2xui32>) -> tensor<1xui32>
    %6 = stablehlo.reshape %5 : (tensor<1xui32>) -> tensor<ui32>
    %7 = stablehlo.slice %4 [1:2] : (tensor<2xui32>) -> tensor<1xui32>
    %8 = stablehlo.reshape %7 : (tensor<1xui32>) -> tensor<ui32>
    %9 = stablehlo.iota dim = 0 : tensor<8xui64>
    %c = stablehlo.constant dense<1> : tensor<ui64>
    %10 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<ui64>) -> tensor<8xui64>
    %11 = stablehlo.multiply %10, %9 : tensor<8xui64>
    %c_0 = stablehlo.constant dense<32> : tensor<ui64>
    %12 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<ui64>) -> tensor<8xui64>
    %13 = stablehlo.shift_right_logical %11, %12 : tensor<8xui64>
    %14 = stablehlo.convert %11 : (tensor<8xui64>) -> tensor<8xui32>
    %15 = stablehlo.convert %13 : (tensor<8xui64>) -> tensor<8xui32>
    %16:2 = call @threefry2x32_6(%6, %8, %15, %14) : (tensor<ui32>, tensor<ui32>, tensor<8xui32>, tensor<8xui32>) -> (tensor<8xui32>, tensor<8xui32>)
    %17 = stablehlo.xor %16#0, %16#1 : tensor<8xui32>
    %18:2 = "stablehlo.sort"(%17, %arg1) <{dimension = 0 : i64, is_stable = true}> ({
    ^bb0(%arg2: tensor<ui32>, %arg3: tensor<ui32>, %arg4: tensor<i32>, %arg5: tensor<i32>):
      %19 = stablehlo.compare LT, %arg2, %arg3, UNSIGNED : (tensor<ui32>, tensor<ui32>) -> tensor<i1>
      stablehlo.return %19 : tensor<i1>
    }) : (tensor<8xui32>, tensor<8xi32>) -> (tensor<8xui32>, tensor<8xi32>)
    return %18#1 : tensor<8xi32>
  }
  func.func private @threefry2x32_6(%arg0: tensor<ui32>, %arg1: tensor<ui32>, %arg2: tensor<8xui32>, %arg3: tensor<8xui32>) -> (tensor<8xui32>, tensor<8xui32>) {
    %c = stablehlo.constant dense<[13, 15, 26, 6]> : tensor<4xui32>
    %c_0 = stablehlo.constant dense<[17, 29, 16, 24]> : tensor<4xui32>
    %0 = stablehlo.xor %arg0, %arg1 : tensor<ui32>
    %c_1 = stablehlo.constant dense<466688986> : tensor<ui32>
    %1 = stablehlo.xor %0, %c_1 : tensor<ui32>
    %2 = stablehlo.broadcast_in_dim %arg0, dims = [] : (tensor<ui32>) -> tensor<8xui32>
    %3 = stablehlo.add %arg2, %2 : tensor<8xui32>
    %4 = stablehlo.broadcast_in_dim %arg1, dims = [] : (tensor<ui32>) -> tensor<8xui32>
    %5 = stablehlo.add %arg3, %4 : tensor<8xui32>
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %c_3 = stablehlo.constant dense<0> : tensor<i32>
    %6:9 = stablehlo.while(%iterArg = %c_3, %iterArg_4 = %c_2, %iterArg_5 = %3, %iterArg_6 = %5, %iterArg_7 = %arg1, %iterArg_8 = %1, %iterArg_9 = %arg0, %iterArg_10 = %c, %iterArg_11 = %c_0) : tensor<i32>, tensor<i32>, tensor<8xui32>, tensor<8xui32>, tensor<ui32>, tensor<ui32>, tensor<ui32>, tensor<4xui32>, tensor<4xui32>
    cond {
      %c_12 = stablehlo.constant dense<5> : tensor<i32>
      %7 = stablehlo.compare LT, %iterArg, %c_12, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %7 : tensor<i1>
    } do {
      %c_12 = stablehlo.constant dense<1> : tensor<i32>
      %7 = stablehlo.add %iterArg_4, %c_12 : tensor<i32>
      %8 = stablehlo.slice %iterArg_10 [0:1] : (tensor<4xui32>) -> tensor<1xui32>
      %9 = stablehlo.reshape %8 : (tensor<1xui32>) -> tensor<ui32>
      %10 = stablehlo.slice %iterArg_10 [1:2] : (tensor<4xui32>) -> tensor<1xui32>
      %11 = stablehlo.reshape %10 : (tensor<1xui32>) -> tensor<ui32>
      %12 = stablehlo.slice %iterArg_10 [2:3] : (tensor<4xui32>) -> tensor<1xui32>
      %13 = stablehlo.reshape %12 : (tensor<1xui32>) -> tensor<ui32>
      %14 = stablehlo.slice %iterArg_10 [3:4] : (tensor<4xui32>) -> tensor<1xui32>
      %15 = stablehlo.reshape %14 : (tensor<1xui32>) -> tensor<ui32>
      %16 = stablehlo.add %iterArg_5, %iterArg_6 : tensor<8xui32>
      %17 = stablehlo.broadcast_in_dim %9, dims = [] : (tensor<ui32>) -> tensor<8xui32>
      %18 = stablehlo.shift_left %iterArg_6, %17 : tensor<8xui32>
      %c_13 = stablehlo.constant dense<32> : tensor<ui32>
      %19 = stablehlo.subtract %c_13, %9 : tensor<ui32>
      %20 = stablehlo.broadcast_in_dim %19, dims = [] : (tensor<ui32>) -> tensor<8xui32>
      %21 = stablehlo.shift_right_logical %iterArg_6, %20 : tensor<8xui32>
      %22 = stablehlo.or %18, %21 : tensor<8xui32>
      %23 = stablehlo.xor %16, %22 : tensor<8xui32>
      %24 = stablehlo.add %16, %23 : tensor<8xui32>
      %25 = stablehlo.broadcast_in_dim %11, dims = [] : (tensor<ui32>) -> tensor<8xui32>
      %26 = stablehlo.shift_left %23, %25 : tensor<8xui32>
      %c_14 = stablehlo.constant dense<32> : tensor<ui32>
      %27 = stablehlo.subtract %c_14, %11 : tensor<ui32>
      %28 = stablehlo.broadcast_in_dim %27, dims = [] : (tensor<ui32>) -> tensor<8xui32>
      %29 = stablehlo.shift_right_logical %23, %28 : tensor<8xui32>
      %30 = stablehlo.or %26, %29 : tensor<8xui32>
      %31 = stablehlo.xor %24, %30 : tensor<8xui32>
      %32 = stablehlo.add %24, %31 : tensor<8xui32>
      %33 = stablehlo.broadcast_in_dim %13, dims = [] : (tensor<ui32>) -> tensor<8xui32>
      %34 = stablehlo.shift_left %31, %33 : tensor<8xui32>
      %c_15 = stablehlo.constant dense<32> : tensor<ui32>
      %35 = stablehlo.subtract %c_15, %13 : tensor<ui32>
      %36 = stablehlo.broadcast_in_dim %35, dims = [] : (tensor<ui32>) -> tensor<8xui32>
      %37 = stablehlo.shift_right_logical %31, %36 : tensor<8xui32>
      %38 = stablehlo.or %34, %37 : tensor<8xui32>
      %39 = stablehlo.xor %32, %38 : tensor<8xui32>
      %40 = stablehlo.add %32, %39 : tensor<8xui32>
      %41 = stablehlo.broadcast_in_dim %15, dims = [] : (tensor<ui32>) -> tensor<8xui32>
      %42 = stablehlo.shift_left %39, %41 : tensor<8xui32>
      %c_16 = stablehlo.constant dense<32> : tensor<ui32>
      %43 = stablehlo.subtract %c_16, %15 : tensor<ui32>
      %44 = stablehlo.broadcast_in_dim %43, dims = [] : (tensor<ui32>) -> tensor<8xui32>
      %45 = stablehlo.shift_right_logical %39, %44 : tensor<8xui32>
      %46 = stablehlo.or %42, %45 : tensor<8xui32>
      %47 = stablehlo.xor %40, %46 : tensor<8xui32>
      %48 = stablehlo.broadcast_in_dim %iterArg_7, dims = [] : (tensor<ui32>) -> tensor<8xui32>
      %49 = stablehlo.add %40, %48 : tensor<8xui32>
      %50 = stablehlo.broadcast_in_dim %iterArg_8, dims = [] : (tensor<ui32>) -> tensor<8xui32>
      %51 = stablehlo.add %47, %50 : tensor<8xui32>
      %c_17 = stablehlo.constant dense<1> : tensor<i32>
      %52 = stablehlo.add %iterArg_4, %c_17 : tensor<i32>
      %53 = stablehlo.convert %52 : (tensor<i32>) -> tensor<ui32>
      %54 = stablehlo.broadcast_in_dim %53, dims = [] : (tensor<ui32>) -> tensor<8xui32>
      %55 = stablehlo.add %51, %54 : tensor<8xui32>
      %c_18 = stablehlo.constant dense<1> : tensor<i32>
      %56 = stablehlo.add %iterArg, %c_18 : tensor<i32>
      stablehlo.return %56, %7, %49, %55, %iterArg_8, %iterArg_9, %iterArg_7, %iterArg_11, %iterArg_10 : tensor<i32>, tensor<i32>, tensor<8xui32>, tensor<8xui32>, tensor<ui32>, tensor<ui32>, tensor<ui32>, tensor<4xui32>, tensor<4xui32>
    }
    return %6#2, %6#3 : tensor<8xui32>, tensor<8xui32>
  }
}
