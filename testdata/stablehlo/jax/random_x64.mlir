module @jit__random_x64 attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<2xui32>) -> (tensor<64xf64> {jax.result_info = "result[0]"}, tensor<53xf64> {jax.result_info = "result[1]"}, tensor<8xf64> {jax.result_info = "result[2]"}) {
    %cst = stablehlo.constant dense<[9.999000e-01, 0.99999990000000005, 0.99999999900000002, 0.99999999999989996, 0.999999999999999, 1.000000e+00]> : tensor<6xf64>
    %cst_0 = stablehlo.constant dense<-0.99899999999999999> : tensor<f64>
    %cst_1 = stablehlo.constant dense<0.99899999999999999> : tensor<f64>
    %0 = call @_linspace(%cst_0, %cst_1) : (tensor<f64>, tensor<f64>) -> tensor<41xf64>
    %1 = stablehlo.negate %cst : tensor<6xf64>
    %2 = stablehlo.concatenate %0, %cst, %1, dim = 0 : (tensor<41xf64>, tensor<6xf64>, tensor<6xf64>) -> tensor<53xf64>
    %3 = call @_normal(%arg0) : (tensor<2xui32>) -> tensor<64xf64>
    %4 = chlo.erf_inv %2 : tensor<53xf64> -> tensor<53xf64>
    %cst_2 = stablehlo.constant dense<-2.000000e+00> : tensor<f64>
    %cst_3 = stablehlo.constant dense<2.000000e+00> : tensor<f64>
    %5 = call @_truncated_normal(%arg0, %cst_2, %cst_3) : (tensor<2xui32>, tensor<f64>, tensor<f64>) -> tensor<8xf64>
    return %3, %4, %5 : tensor<64xf64>, tensor<53xf64>, tensor<8xf64>
  }
  func.func private @_linspace(%arg0: tensor<f64>, %arg1: tensor<f64>) -> tensor<41xf64> {
    %0 = stablehlo.convert %arg0 : tensor<f64>
    %1 = stablehlo.convert %arg1 : tensor<f64>
    %2 = stablehlo.subtract %1, %0 : tensor<f64>
    %cst = stablehlo.constant dense<4.000000e+01> : tensor<f64>
    %3 = stablehlo.divide %2, %cst : tensor<f64>
    %4 = stablehlo.iota dim = 0 : tensor<40xf64>
    %cst_0 = stablehlo.constant dense<4.000000e+01> : tensor<f64>
    %5 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f64>) -> tensor<40xf64>
    %6 = stablehlo.divide %4, %5 : tensor<40xf64>
    %7 = stablehlo.reshape %0 : (tensor<f64>) -> tensor<1xf64>
    %cst_1 = stablehlo.constant dense<1.000000e+00> : tensor<f64>
    %8 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f64>) -> tensor<40xf64>
    %9 = stablehlo.subtract %8, %6 : tensor<40xf64>
    %10 = stablehlo.broadcast_in_dim %7, dims = [0] : (tensor<1xf64>) -> tensor<40xf64>
    %11 = stablehlo.multiply %10, %9 : tensor<40xf64>
    %12 = stablehlo.reshape %1 : (tensor<f64>) -> tensor<1xf64>
    %cst_2 = stablehlo.constant dense<4.000000e+01> : tensor<f64>
    %13 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f64>) -> tensor<1xf64>
    %14 = stablehlo.divide %12, %13 : tensor<1xf64>
    %15 = stablehlo.broadcast_in_dim %14, dims = [0] : (tensor<1xf64>) -> tensor<40xf64>
    %16 = stablehlo.multiply %15, %4 : tensor<40xf64>
    %17 = stablehlo.add %11, %16 : tensor<40xf64>
    %18 = stablehlo.broadcast_in_dim %1, dims = [] : (tensor<f64>) -> tensor<1xf64>
    %19 = stablehlo.concatenate %17, %18, dim = 0 : (tensor<40xf64>, tensor<1xf64>) -> tensor<41xf64>
    return %19 : tensor<41xf64>
  }
  func.func private @_normal(%arg0: tensor<2xui32>) -> tensor<64xf64> {
    %0 = call @_normal_real(%arg0) : (tensor<2xui32>) -> tensor<64xf64>
    return %0 : tensor<64xf64>
  }
  func.func private @_normal_real(%arg0: tensor<2xui32>) -> tensor<64xf64> {
    %cst = stablehlo.constant dense<-0.99999999999999988> : tensor<f64>
    %cst_0 = stablehlo.constant dense<1.000000e+00> : tensor<f64>
    %0 = call @_uniform(%arg0, %cst, %cst_0) : (tensor<2xui32>, tensor<f64>, tensor<f64>) -> tensor<64xf64>
    %1 = chlo.erf_inv %0 : tensor<64xf64> -> tensor<64xf64>
    %cst_1 = stablehlo.constant dense<1.4142135623730951> : tensor<f64>
    %2 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f64>) -> tensor<64xf64>
    %3 = stablehlo.multiply %2, %1 : tensor<64xf64>
    return %3 : tensor<64xf64>
  }
  func.func private @_uniform(%arg0: tensor<2xui32>, %arg1: tensor<f64>, %arg2: tensor<f64>) -> tensor<64xf64> {
    %0 = stablehlo.broadcast_in_dim %arg1, dims = [] : (tensor<f64>) -> tensor<1xf64>
    %1 = stablehlo.broadcast_in_dim %arg2, dims = [] : (tensor<f64>) -> tensor<1xf64>
    %2 = stablehlo.slice %arg0 [0:1] : (tensor<2xui32>) -> tensor<1xui32>
    %3 = stablehlo.reshape %2 : (tensor<1xui32>) -> tensor<ui32>
    %4 = stablehlo.slice %arg0 [1:2] : (tensor<2xui32>) -> tensor<1xui32>
    %5 = stablehlo.reshape %4 : (tensor<1xui32>) -> tensor<ui32>
    %6 = stablehlo.iota dim = 0 : tensor<64xui64>
    %c = stablehlo.constant dense<1> : tensor<ui64>
    %7 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<ui64>) -> tensor<64xui64>
    %8 = stablehlo.multiply %7, %6 : tensor<64xui64>
    %c_0 = stablehlo.constant dense<32> : tensor<ui64>
    %9 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<ui64>) -> tensor<64xui64>
    %10 = stablehlo.shift_right_logical %8, %9 : tensor<64xui64>
    %11 = stablehlo.convert %8 : (tensor<64xui64>) -> tensor<64xui32>
    %12 = stablehlo.convert %10 : (tensor<64xui64>) -> tensor<64xui32>
    %13:2 = call @threefry2x32(%3, %5, %12, %11) : (tensor<ui32>, tensor<ui32>, tensor<64xui32>, tensor<64xui32>) -> (tensor<64xui32>, tensor<64xui32>)
    %14 = stablehlo.convert %13#0 : (tensor<64xui32>) -> tensor<64xui64>
    %15 = stablehlo.convert %13#1 : (tensor<64xui32>) -> tensor<64xui64>
    %c_1 = stablehlo.constant dense<32> : tensor<ui64>
    %16 = stablehlo.broadcast_in_dim %c_1, dims = [] : (tensor<ui64>) -> tensor<64xui64>
    %17 = stablehlo.shift_left %14, %16 : tensor<64xui64>
    %18 = stablehlo.or %17, %15 : tensor<64xui64>
    %c_2 = stablehlo.constant dense<12> : tensor<ui64>
    %19 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<ui64>) -> tensor<64xui64>
    %20 = stablehlo.shift_right_logical %18, %19 : tensor<64xui64>
    %c_3 = stablehlo.constant dense<4607182418800017408> : tensor<ui64>
    %21 = stablehlo.broadcast_in_dim %c_3, dims = [] : (tensor<ui64>) -> tensor<64xui64>
    %22 = stablehlo.or %20, %21 : tensor<64xui64>
    %23 = stablehlo.bitcast_convert %22 : (tensor<64xui64>) -> tensor<64xf64>
    %cst = stablehlo.constant dense<1.000000e+00> : tensor<f64>
    %24 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f64>) -> tensor<64xf64>
    %25 = stablehlo.subtract %23, %24 : tensor<64xf64>
    %26 = stablehlo.subtract %1, %0 : tensor<1xf64>
    %27 = stablehlo.broadcast_in_dim %26, dims = [0] : (tensor<1xf64>) -> tensor<64xf64>
    %28 = stablehlo.multiply %25, %27 : tensor<64xf64>
    %29 = stablehlo.broadcast_in_dim %0, dims = [0] : (tensor<1xf64>) -> tensor<64xf64>
    %30 = stablehlo.add %28, %29 : tensor<64xf64>
    %31 = stablehlo.broadcast_in_dim %0, dims = [0] : (tensor<1xf64>) -> tensor<64xf64>
    %32 = stablehlo.maximum %31, %30 : tensor<64xf64>
    return %32 : tensor<64xf64>
  }
  func.func private @threefry2x32(%arg0: tensor<ui32>, %arg1: tensor<ui32>, %arg2: tensor<64xui32>, %arg3: tensor<64xui32>) -> (tensor<64xui32>, tensor<64xui32>) {
    %c = stablehlo.constant dense<[13, 15, 26, 6]> : tensor<4xui32>
    %c_0 = stablehlo.constant dense<[17, 29, 16, 24]> : tensor<4xui32>
    %0 = stablehlo.xor %arg0, %arg1 : tensor<ui32>
    %c_1 = stablehlo.constant dense<466688986> : tensor<ui32>
    %1 = stablehlo.xor %0, %c_1 : tensor<ui32>
    %2 = stablehlo.broadcast_in_dim %arg0, dims = [] : (tensor<ui32>) -> tensor<64xui32>
    %3 = stablehlo.add %arg2, %2 : tensor<64xui32>
    %4 = stablehlo.broadcast_in_dim %arg1, dims = [] : (tensor<ui32>) -> tensor<64xui32>
    %5 = stablehlo.add %arg3, %4 : tensor<64xui32>
    %c_2 = stablehlo.constant dense<0> : tensor<i64>
    %c_3 = stablehlo.constant dense<0> : tensor<i64>
    %6:9 = stablehlo.while(%iterArg = %c_3, %iterArg_4 = %c_2, %iterArg_5 = %3, %iterArg_6 = %5, %iterArg_7 = %arg1, %iterArg_8 = %1, %iterArg_9 = %arg0, %iterArg_10 = %c, %iterArg_11 = %c_0) : tensor<i64>, tensor<i64>, tensor<64xui32>, tensor<64xui32>, tensor<ui32>, tensor<ui32>, tensor<ui32>, tensor<4xui32>, tensor<4xui32>
    cond {
      %c_12 = stablehlo.constant dense<5> : tensor<i64>
      %7 = stablehlo.compare LT, %iterArg, %c_12, SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
      stablehlo.return %7 : tensor<i1>
    } do {
      %c_12 = stablehlo.constant dense<1> : tensor<i64>
      %7 = stablehlo.add %iterArg_4, %c_12 : tensor<i64>
      %8 = stablehlo.slice %iterArg_10 [0:1] : (tensor<4xui32>) -> tensor<1xui32>
      %9 = stablehlo.reshape %8 : (tensor<1xui32>) -> tensor<ui32>
      %10 = stablehlo.slice %iterArg_10 [1:2] : (tensor<4xui32>) -> tensor<1xui32>
      %11 = stablehlo.reshape %10 : (tensor<1xui32>) -> tensor<ui32>
      %12 = stablehlo.slice %iterArg_10 [2:3] : (tensor<4xui32>) -> tensor<1xui32>
      %13 = stablehlo.reshape %12 : (tensor<1xui32>) -> tensor<ui32>
      %14 = stablehlo.slice %iterArg_10 [3:4] : (tensor<4xui32>) -> tensor<1xui32>
      %15 = stablehlo.reshape %14 : (tensor<1xui32>) -> tensor<ui32>
      %16 = stablehlo.add %iterArg_5, %iterArg_6 : tensor<64xui32>
      %17 = stablehlo.broadcast_in_dim %9, dims = [] : (tensor<ui32>) -> tensor<64xui32>
      %18 = stablehlo.shift_left %iterArg_6, %17 : tensor<64xui32>
      %c_13 = stablehlo.constant dense<32> : tensor<ui32>
      %19 = stablehlo.subtract %c_13, %9 : tensor<ui32>
      %20 = stablehlo.broadcast_in_dim %19, dims = [] : (tensor<ui32>) -> tensor<64xui32>
      %21 = stablehlo.shift_right_logical %iterArg_6, %20 : tensor<64xui32>
      %22 = stablehlo.or %18, %21 : tensor<64xui32>
      %23 = stablehlo.xor %16, %22 : tensor<64xui32>
      %24 = stablehlo.add %16, %23 : tensor<64xui32>
      %25 = stablehlo.broadcast_in_dim %11, dims = [] : (tensor<ui32>) -> tensor<64xui32>
      %26 = stablehlo.shift_left %23, %25 : tensor<64xui32>
      %c_14 = stablehlo.constant dense<32> : tensor<ui32>
      %27 = stablehlo.subtract %c_14, %11 : tensor<ui32>
      %28 = stablehlo.broadcast_in_dim %27, dims = [] : (tensor<ui32>) -> tensor<64xui32>
      %29 = stablehlo.shift_right_logical %23, %28 : tensor<64xui32>
      %30 = stablehlo.or %26, %29 : tensor<64xui32>
      %31 = stablehlo.xor %24, %30 : tensor<64xui32>
      %32 = stablehlo.add %24, %31 : tensor<64xui32>
      %33 = stablehlo.broadcast_in_dim %13, dims = [] : (tensor<ui32>) -> tensor<64xui32>
      %34 = stablehlo.shift_left %31, %33 : tensor<64xui32>
      %c_15 = stablehlo.constant dense<32> : tensor<ui32>
      %35 = stablehlo.subtract %c_15, %13 : tensor<ui32>
      %36 = stablehlo.broadcast_in_dim %35, dims = [] : (tensor<ui32>) -> tensor<64xui32>
      %37 = stablehlo.shift_right_logical %31, %36 : tensor<64xui32>
      %38 = stablehlo.or %34, %37 : tensor<64xui32>
      %39 = stablehlo.xor %32, %38 : tensor<64xui32>
      %40 = stablehlo.add %32, %39 : tensor<64xui32>
      %41 = stablehlo.broadcast_in_dim %15, dims = [] : (tensor<ui32>) -> tensor<64xui32>
      %42 = stablehlo.shift_left %39, %41 : tensor<64xui32>
      %c_16 = stablehlo.constant dense<32> : tensor<ui32>
      %43 = stablehlo.subtract %c_16, %15 : tensor<ui32>
      %44 = stablehlo.broadcast_in_dim %43, dims = [] : (tensor<ui32>) -> tensor<64xui32>
      %45 = stablehlo.shift_right_logical %39, %44 : tensor<64xui32>
      %46 = stablehlo.or %42, %45 : tensor<64xui32>
      %47 = stablehlo.xor %40, %46 : tensor<64xui32>
      %48 = stablehlo.broadcast_in_dim %iterArg_7, dims = [] : (tensor<ui32>) -> tensor<64xui32>
      %49 = stablehlo.add %40, %48 : tensor<64xui32>
      %50 = stablehlo.broadcast_in_dim %iterArg_8, dims = [] : (tensor<ui32>) -> tensor<64xui32>
      %51 = stablehlo.add %47, %50 : tensor<64xui32>
      %c_17 = stablehlo.constant dense<1> : tensor<i64>
      %52 = stablehlo.add %iterArg_4, %c_17 : tensor<i64>
      %53 = stablehlo.convert %52 : (tensor<i64>) -> tensor<ui32>
      %54 = stablehlo.broadcast_in_dim %53, dims = [] : (tensor<ui32>) -> tensor<64xui32>
      %55 = stablehlo.add %51, %54 : tensor<64xui32>
      %c_18 = stablehlo.constant dense<1> : tensor<i64>
      %56 = stablehlo.add %iterArg, %c_18 : tensor<i64>
      stablehlo.return %56, %7, %49, %55, %iterArg_8, %iterArg_9, %iterArg_7, %iterArg_11, %iterArg_10 : tensor<i64>, tensor<i64>, tensor<64xui32>, tensor<64xui32>, tensor<ui32>, tensor<ui32>, tensor<ui32>, tensor<4xui32>, tensor<4xui32>
    }
    return %6#2, %6#3 : tensor<64xui32>, tensor<64xui32>
  }
  func.func private @_truncated_normal(%arg0: tensor<2xui32>, %arg1: tensor<f64>, %arg2: tensor<f64>) -> tensor<8xf64> {
    %0 = stablehlo.convert %arg1 : tensor<f64>
    %1 = stablehlo.convert %arg2 : tensor<f64>
    %cst = stablehlo.constant dense<1.4142135623730951> : tensor<f64>
    %2 = stablehlo.divide %0, %cst : tensor<f64>
    %3 = chlo.erf %2 : tensor<f64> -> tensor<f64>
    %cst_0 = stablehlo.constant dense<1.4142135623730951> : tensor<f64>
    %4 = stablehlo.divide %1, %cst_0 : tensor<f64>
    %5 = chlo.erf %4 : tensor<f64> -> tensor<f64>
    %6 = call @_uniform_0(%arg0, %3, %5) : (tensor<2xui32>, tensor<f64>, tensor<f64>) -> tensor<8xf64>
    %7 = chlo.erf_inv %6 : tensor<8xf64> -> tensor<8xf64>
    %cst_1 = stablehlo.constant dense<1.4142135623730951> : tensor<f64>
    %8 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f64>) -> tensor<8xf64>
    %9 = stablehlo.multiply %8, %7 : tensor<8xf64>
    %cst_2 = stablehlo.constant dense<0x7FF0000000000000> : tensor<f64>
    %10 = chlo.next_after %0, %cst_2 : tensor<f64>, tensor<f64> -> tensor<f64>
    %cst_3 = stablehlo.constant dense<0xFFF0000000000000> : tensor<f64>
    %11 = chlo.next_after %1, %cst_3 : tensor<f64>, tensor<f64> -> tensor<f64>
    %12 = call @clip(%9, %10, %11) : (tensor<8xf64>, tensor<f64>, tensor<f64>) -> tensor<8xf64>
    return %12 : tensor<8xf64>
  }
  func.func private @_uniform_0(%arg0: tensor<2xui32>, %arg1: tensor<f64>, %arg2: tensor<f64>) -> tensor<8xf64> {
    %0 = stablehlo.broadcast_in_dim %arg1, dims = [] : (tensor<f64>) -> tensor<1xf64>
    %1 = stablehlo.broadcast_in_dim %arg2, dims = [] : (tensor<f64>) -> tensor<1xf64>
    %2 = stablehlo.slice %arg0 [0:1] : (tensor<2xui32>) -> tensor<1xui32>
    %3 = stablehlo.reshape %2 : (tensor<1xui32>) -> tensor<ui32>
    %4 = stablehlo.slice %arg0 [1:2] : (tensor<2xui32>) -> tensor<1xui32>
    %5 = stablehlo.reshape %4 : (tensor<1xui32>) -> tensor<ui32>
    %6 = stablehlo.iota dim = 0 : tensor<8xui64>
    %c = stablehlo.constant dense<1> : tensor<ui64>
    %7 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<ui64>) -> tensor<8xui64>
    %8 = stablehlo.multiply %7, %6 : tensor<8xui64>
    %c_0 = stablehlo.constant dense<32> : tensor<ui64>
    %9 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<ui64>) -> tensor<8xui64>
    %10 = stablehlo.shift_right_logical %8, %9 : tensor<8xui64>
    %11 = stablehlo.convert %8 : (tensor<8xui64>) -> tensor<8xui32>
    %12 = stablehlo.convert %10 : (tensor<8xui64>) -> tensor<8xui32>
    %13:2 = call @threefry2x32_1(%3, %5, %12, %11) : (tensor<ui32>, tensor<ui32>, tensor<8xui32>, tensor<8xui32>) -> (tensor<8xui32>, tensor<8xui32>)
    %14 = stablehlo.convert %13#0 : (tensor<8xui32>) -> tensor<8xui64>
    %15 = stablehlo.convert %13#1 : (tensor<8xui32>) -> tensor<8xui64>
    %c_1 = stablehlo.constant dense<32> : tensor<ui64>
    %16 = stablehlo.broadcast_in_dim %c_1, dims = [] : (tensor<ui64>) -> tensor<8xui64>
    %17 = stablehlo.shift_left %14, %16 : tensor<8xui64>
    %18 = stablehlo.or %17, %15 : tensor<8xui64>
    %c_2 = stablehlo.constant dense<12> : tensor<ui64>
    %19 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<ui64>) -> tensor<8xui64>
    %20 = stablehlo.shift_right_logical %18, %19 : tensor<8xui64>
    %c_3 = stablehlo.constant dense<4607182418800017408> : tensor<ui64>
    %21 = stablehlo.broadcast_in_dim %c_3, dims = [] : (tensor<ui64>) -> tensor<8xui64>
    %22 = stablehlo.or %20, %21 : tensor<8xui64>
    %23 = stablehlo.bitcast_convert %22 : (tensor<8xui64>) -> tensor<8xf64>
    %cst = stablehlo.constant dense<1.000000e+00> : tensor<f64>
    %24 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f64>) -> tensor<8xf64>
    %25 = stablehlo.subtract %23, %24 : tensor<8xf64>
    %26 = stablehlo.subtract %1, %0 : tensor<1xf64>
    %27 = stablehlo.broadcast_in_dim %26, dims = [0] : (tensor<1xf64>) -> tensor<8xf64>
    %28 = stablehlo.multiply %25, %27 : tensor<8xf64>
    %29 = stablehlo.broadcast_in_dim %0, dims = [0] : (tensor<1xf64>) -> tensor<8xf64>
    %30 = stablehlo.add %28, %29 : tensor<8xf64>
    %31 = stablehlo.broadcast_in_dim %0, dims = [0] : (tensor<1xf64>) -> tensor<8xf64>
    %32 = stablehlo.maximum %31, %30 : tensor<8xf64>
    return %32 : tensor<8xf64>
  }
  func.func private @threefry2x32_1(%arg0: tensor<ui32>, %arg1: tensor<ui32>, %arg2: tensor<8xui32>, %arg3: tensor<8xui32>) -> (tensor<8xui32>, tensor<8xui32>) {
    %c = stablehlo.constant dense<[13, 15, 26, 6]> : tensor<4xui32>
    %c_0 = stablehlo.constant dense<[17, 29, 16, 24]> : tensor<4xui32>
    %0 = stablehlo.xor %arg0, %arg1 : tensor<ui32>
    %c_1 = stablehlo.constant dense<466688986> : tensor<ui32>
    %1 = stablehlo.xor %0, %c_1 : tensor<ui32>
    %2 = stablehlo.broadcast_in_dim %arg0, dims = [] : (tensor<ui32>) -> tensor<8xui32>
    %3 = stablehlo.add %arg2, %2 : tensor<8xui32>
    %4 = stablehlo.broadcast_in_dim %arg1, dims = [] : (tensor<ui32>) -> tensor<8xui32>
    %5 = stablehlo.add %arg3, %4 : tensor<8xui32>
    %c_2 = stablehlo.constant dense<0> : tensor<i64>
    %c_3 = stablehlo.constant dense<0> : tensor<i64>
    %6:9 = stablehlo.while(%iterArg = %c_3, %iterArg_4 = %c_2, %iterArg_5 = %3, %iterArg_6 = %5, %iterArg_7 = %arg1, %iterArg_8 = %1, %iterArg_9 = %arg0, %iterArg_10 = %c, %iterArg_11 = %c_0) : tensor<i64>, tensor<i64>, tensor<8xui32>, tensor<8xui32>, tensor<ui32>, tensor<ui32>, tensor<ui32>, tensor<4xui32>, tensor<4xui32>
    cond {
      %c_12 = stablehlo.constant dense<5> : tensor<i64>
      %7 = stablehlo.compare LT, %iterArg, %c_12, SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
      stablehlo.return %7 : tensor<i1>
    } do {
      %c_12 = stablehlo.constant dense<1> : tensor<i64>
      %7 = stablehlo.add %iterArg_4, %c_12 : tensor<i64>
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
      %c_17 = stablehlo.constant dense<1> : tensor<i64>
      %52 = stablehlo.add %iterArg_4, %c_17 : tensor<i64>
      %53 = stablehlo.convert %52 : (tensor<i64>) -> tensor<ui32>
      %54 = stablehlo.broadcast_in_dim %53, dims = [] : (tensor<ui32>) -> tensor<8xui32>
      %55 = stablehlo.add %51, %54 : tensor<8xui32>
      %c_18 = stablehlo.constant dense<1> : tensor<i64>
      %56 = stablehlo.add %iterArg, %c_18 : tensor<i64>
      stablehlo.return %56, %7, %49, %55, %iterArg_8, %iterArg_9, %iterArg_7, %iterArg_11, %iterArg_10 : tensor<i64>, tensor<i64>, tensor<8xui32>, tensor<8xui32>, tensor<ui32>, tensor<ui32>, tensor<ui32>, tensor<4xui32>, tensor<4xui32>
    }
    return %6#2, %6#3 : tensor<8xui32>, tensor<8xui32>
  }
  func.func private @clip(%arg0: tensor<8xf64>, %arg1: tensor<f64>, %arg2: tensor<f64>) -> tensor<8xf64> {
    %0 = stablehlo.broadcast_in_dim %arg1, dims = [] : (tensor<f64>) -> tensor<8xf64>
    %1 = stablehlo.maximum %0, %arg0 : tensor<8xf64>
    %2 = stablehlo.broadcast_in_dim %arg2, dims = [] : (tensor<f64>) -> tensor<8xf64>
    %3 = stablehlo.minimum %2, %1 : tensor<8xf64>
    return %3 : tensor<8xf64>
  }
}
