module @jit__gather_scatter attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<10x4xf32>, %arg1: tensor<6xi32>, %arg2: tensor<6x4xf32>) -> (tensor<6x4xf32> {jax.result_info = "result[0]"}, tensor<10x4xf32> {jax.result_info = "result[1]"}, tensor<10x4xf32> {jax.result_info = "result[2]"}, tensor<10x4xf32> {jax.result_info = "result[3]"}, tensor<6xf32> {jax.result_info = "result[4]"}, tensor<6x4xf32> {jax.result_info = "result[5]"}) {
    %c = stablehlo.constant dense<[0, 1, 2, 3, 0, 1]> : tensor<6xi32>
    %0 = stablehlo.abs %arg1 : tensor<6xi32>
    %c_0 = stablehlo.constant dense<10> : tensor<i32>
    %1 = call @remainder(%0, %c_0) : (tensor<6xi32>, tensor<i32>) -> tensor<6xi32>
    %c_1 = stablehlo.constant dense<0> : tensor<i32>
    %2 = stablehlo.broadcast_in_dim %c_1, dims = [] : (tensor<i32>) -> tensor<6xi32>
    %3 = stablehlo.compare LT, %1, %2, SIGNED : (tensor<6xi32>, tensor<6xi32>) -> tensor<6xi1>
    %c_2 = stablehlo.constant dense<10> : tensor<i32>
    %4 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<i32>) -> tensor<6xi32>
    %5 = stablehlo.add %1, %4 : tensor<6xi32>
    %6 = stablehlo.select %3, %5, %1 : tensor<6xi1>, tensor<6xi32>
    %7 = stablehlo.broadcast_in_dim %6, dims = [0] : (tensor<6xi32>) -> tensor<6x1xi32>
    %8 = "stablehlo.gather"(%arg0, %7) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 4>}> : (tensor<10x4xf32>, tensor<6x1xi32>) -> tensor<6x4xf32>
    %c_3 = stablehlo.constant dense<0> : tensor<i32>
    %9 = stablehlo.broadcast_in_dim %c_3, dims = [] : (tensor<i32>) -> tensor<6xi32>
    %10 = stablehlo.compare LT, %1, %9, SIGNED : (tensor<6xi32>, tensor<6xi32>) -> tensor<6xi1>
    %c_4 = stablehlo.constant dense<10> : tensor<i32>
    %11 = stablehlo.broadcast_in_dim %c_4, dims = [] : (tensor<i32>) -> tensor<6xi32>
    %12 = stablehlo.add %1, %11 : tensor<6xi32>
    %13 = stablehlo.select %10, %12, %1 : tensor<6xi1>, tensor<6xi32>
    %14 = stablehlo.broadcast_in_dim %13, dims = [0] : (tensor<6xi32>) -> tensor<6x1xi32>
    %15 = "stablehlo.scatter"(%arg0, %14, %arg2) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, unique_indices = false}> ({
    ^bb0(%arg3: tensor<f32>, %arg4: tensor<f32>):
      %53 = stablehlo.add %arg3, %arg4 : tensor<f32>
      stablehlo.return %53 : tensor<f32>
    }) : (tensor<10x4xf32>, tensor<6x1xi32>, tensor<6x4xf32>) -> tensor<10x4xf32>
    %c_5 = stablehlo.constant dense<0> : tensor<i32>
    %16 = stablehlo.broadcast_in_dim %c_5, dims = [] : (tensor<i32>) -> tensor<6xi32>
    %17 = stablehlo.compare LT, %1, %16, SIGNED : (tensor<6xi32>, tensor<6xi32>) -> tensor<6xi1>
    %c_6 = stablehlo.constant dense<10> : tensor<i32>
    %18 = stablehlo.broadcast_in_dim %c_6, dims = [] : (tensor<i32>) -> tensor<6xi32>
    %19 = stablehlo.add %1, %18 : tensor<6xi32>
    %20 = stablehlo.select %17, %19, %1 : tensor<6xi1>, tensor<6xi32>
    %21 = stablehlo.broadcast_in_dim %20, dims = [0] : (tensor<6xi32>) -> tensor<6x1xi32>
    %22 = "stablehlo.scatter"(%arg0, %21, %arg2) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, unique_indices = false}> ({
    ^bb0(%arg3: tensor<f32>, %arg4: tensor<f32>):
      stablehlo.return %arg4 : tensor<f32>
    }) : (tensor<10x4xf32>, tensor<6x1xi32>, tensor<6x4xf32>) -> tensor<10x4xf32>
    %c_7 = stablehlo.constant dense<0> : tensor<i32>
    %23 = stablehlo.broadcast_in_dim %c_7, dims = [] : (tensor<i32>) -> tensor<6xi32>
    %24 = stablehlo.compare LT, %1, %23, SIGNED : (tensor<6xi32>, tensor<6xi32>) -> tensor<6xi1>
    %c_8 = stablehlo.constant dense<10> : tensor<i32>
    %25 = stablehlo.broadcast_in_dim %c_8, dims = [] : (tensor<i32>) -> tensor<6xi32>
    %26 = stablehlo.add %1, %25 : tensor<6xi32>
    %27 = stablehlo.select %24, %26, %1 : tensor<6xi1>, tensor<6xi32>
    %28 = stablehlo.broadcast_in_dim %27, dims = [0] : (tensor<6xi32>) -> tensor<6x1xi32>
    %29 = "stablehlo.scatter"(%arg0, %28, %arg2) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, unique_indices = false}> ({
    ^bb0(%arg3: tensor<f32>, %arg4: tensor<f32>):
      %53 = stablehlo.maximum %arg3, %arg4 : tensor<f32>
      stablehlo.return %53 : tensor<f32>
    }) : (tensor<10x4xf32>, tensor<6x1xi32>, tensor<6x4xf32>) -> tensor<10x4xf32>
    %c_9 = stablehlo.constant dense<0> : tensor<i32>
    %30 = stablehlo.broadcast_in_dim %c_9, dims = [] : (tensor<i32>) -> tensor<6xi32>
    %31 = stablehlo.compare LT, %1, %30, SIGNED : (tensor<6xi32>, tensor<6xi32>) -> tensor<6xi1>
    %c_10 = stablehlo.constant dense<10> : tensor<i32>
    %32 = stablehlo.broadcast_in_dim %c_10, dims = [] : (tensor<i32>) -> tensor<6xi32>
    %33 = stablehlo.add %1, %32 : tensor<6xi32>
    %34 = stablehlo.select %31, %33, %1 : tensor<6xi1>, tensor<6xi32>
    %c_11 = stablehlo.constant dense<0> : tensor<i32>
    %35 = stablehlo.broadcast_in_dim %c_11, dims = [] : (tensor<i32>) -> tensor<6xi32>
    %36 = stablehlo.compare LT, %c, %35, SIGNED : (tensor<6xi32>, tensor<6xi32>) -> tensor<6xi1>
    %c_12 = stablehlo.constant dense<4> : tensor<i32>
    %37 = stablehlo.broadcast_in_dim %c_12, dims = [] : (tensor<i32>) -> tensor<6xi32>
    %38 = stablehlo.add %c, %37 : tensor<6xi32>
    %39 = stablehlo.select %36, %38, %c : tensor<6xi1>, tensor<6xi32>
    %40 = stablehlo.broadcast_in_dim %34, dims = [0] : (tensor<6xi32>) -> tensor<6x1xi32>
    %41 = stablehlo.broadcast_in_dim %39, dims = [0] : (tensor<6xi32>) -> tensor<6x1xi32>
    %42 = stablehlo.concatenate %40, %41, dim = 1 : (tensor<6x1xi32>, tensor<6x1xi32>) -> tensor<6x2xi32>
    %43 = "stablehlo.gather"(%arg0, %42) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [0, 1], start_index_map = [0, 1], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 1>}> : (tensor<10x4xf32>, tensor<6x2xi32>) -> tensor<6xf32>
    %44 = stablehlo.slice %arg0 [0:6, 0:4] : (tensor<10x4xf32>) -> tensor<6x4xf32>
    %45 = stablehlo.broadcast_in_dim %1, dims = [0] : (tensor<6xi32>) -> tensor<6x1xi32>
    %46 = stablehlo.iota dim = 0 : tensor<4xi32>
    %47 = stablehlo.broadcast_in_dim %46, dims = [1] : (tensor<4xi32>) -> tensor<1x4xi32>
    %48 = stablehlo.broadcast_in_dim %45, dims = [0, 1] : (tensor<6x1xi32>) -> tensor<6x4xi32>
    %49 = stablehlo.broadcast_in_dim %47, dims = [0, 1] : (tensor<1x4xi32>) -> tensor<6x4xi32>
    %50 = stablehlo.add %48, %49 : tensor<6x4xi32>
    %c_13 = stablehlo.constant dense<4> : tensor<i32>
    %51 = call @remainder_0(%50, %c_13) : (tensor<6x4xi32>, tensor<i32>) -> tensor<6x4xi32>
    %52 = call @take_along_axis(%44, %51) : (tensor<6x4xf32>, tensor<6x4xi32>) -> tensor<6x4xf32>
    return %8, %15, %22, %29, %43, %52 : tensor<6x4xf32>, tensor<10x4xf32>, tensor<10x4xf32>, tensor<10x4xf32>, tensor<6xf32>, tensor<6x4xf32>
  }
  func.func private @remainder(%arg0: tensor<6xi32>, %arg1: tensor<i32>) -> tensor<6xi32> {
    %0 = stablehlo.convert %arg1 : tensor<i32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.compare EQ, %0, %c, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %c_0 = stablehlo.constant dense<1> : tensor<i32>
    %2 = call @_where(%1, %c_0, %0) : (tensor<i1>, tensor<i32>, tensor<i32>) -> tensor<i32>
    %3 = stablehlo.broadcast_in_dim %2, dims = [] : (tensor<i32>) -> tensor<6xi32>
    %4 = stablehlo.remainder %arg0, %3 : tensor<6xi32>
    %c_1 = stablehlo.constant dense<0> : tensor<i32>
    %5 = stablehlo.broadcast_in_dim %c_1, dims = [] : (tensor<i32>) -> tensor<6xi32>
    %6 = stablehlo.compare NE, %4, %5, SIGNED : (tensor<6xi32>, tensor<6xi32>) -> tensor<6xi1>
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %7 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<i32>) -> tensor<6xi32>
    %8 = stablehlo.compare LT, %4, %7, SIGNED : (tensor<6xi32>, tensor<6xi32>) -> tensor<6xi1>
    %c_3 = stablehlo.constant dense<0> : tensor<i32>
    %9 = stablehlo.compare LT, %2, %c_3, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %10 = stablehlo.broadcast_in_dim %9, dims = [] : (tensor<i1>) -> tensor<6xi1>
    %11 = stablehlo.compare NE, %8, %10, UNSIGNED : (tensor<6xi1>, tensor<6xi1>) -> tensor<6xi1>
    %12 = stablehlo.and %11, %6 : tensor<6xi1>
    %13 = stablehlo.broadcast_in_dim %2, dims = [] : (tensor<i32>) -> tensor<6xi32>
    %14 = stablehlo.add %4, %13 : tensor<6xi32>
    %15 = stablehlo.select %12, %14, %4 : tensor<6xi1>, tensor<6xi32>
    return %15 : tensor<6xi32>
  }
  func.func private @_where(%arg0: tensor<i1>, %arg1: tensor<i32>, %arg2: tensor<i32>) -> tensor<i32> {
    %0 = stablehlo.select %arg0, %arg1, %arg2 : tensor<i1>, tensor<i32>
    return %0 : tensor<i32>
  }
  func.func private @remainder_0(%arg0: tensor<6x4xi32>, %arg1: tensor<i32>) -> tensor<6x4xi32> {
    %0 = stablehlo.convert %arg1 : tensor<i32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.compare EQ, %0, %c, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %c_0 = stablehlo.constant dense<1> : tensor<i32>
    %2 = call @_where(%1, %c_0, %0) : (tensor<i1>, tensor<i32>, tensor<i32>) -> tensor<i32>
    %3 = stablehlo.broadcast_in_dim %2, dims = [] : (tensor<i32>) -> tensor<6x4xi32>
    %4 = stablehlo.remainder %arg0, %3 : tensor<6x4xi32>
    %c_1 = stablehlo.constant dense<0> : tensor<i32>
    %5 = stablehlo.broadcast_in_dim %c_1, dims = [] : (tensor<i32>) -> tensor<6x4xi32>
    %6 = stablehlo.compare NE, %4, %5, SIGNED : (tensor<6x4xi32>, tensor<6x4xi32>) -> tensor<6x4xi1>
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %7 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<i32>) -> tensor<6x4xi32>
    %8 = stablehlo.compare LT, %4, %7, SIGNED : (tensor<6x4xi32>, tensor<6x4xi32>) -> tensor<6x4xi1>
    %c_3 = stablehlo.constant dense<0> : tensor<i32>
    %9 = stablehlo.compare LT, %2, %c_3, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %10 = stablehlo.broadcast_in_dim %9, dims = [] : (tensor<i1>) -> tensor<6x4xi1>
    %11 = stablehlo.compare NE, %8, %10, UNSIGNED : (tensor<6x4xi1>, tensor<6x4xi1>) -> tensor<6x4xi1>
    %12 = stablehlo.and %11, %6 : tensor<6x4xi1>
    %13 = stablehlo.broadcast_in_dim %2, dims = [] : (tensor<i32>) -> tensor<6x4xi32>
    %14 = stablehlo.add %4, %13 : tensor<6x4xi32>
    %15 = stablehlo.select %12, %14, %4 : tensor<6x4xi1>, tensor<6x4xi32>
    return %15 : tensor<6x4xi32>
  }
  func.func private @take_along_axis(%arg0: tensor<6x4xf32>, %arg1: tensor<6x4xi32>) -> tensor<6x4xf32> {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<6x4xi32>
    %1 = stablehlo.compare LT, %arg1, %0, SIGNED : (tensor<6x4xi32>, tensor<6x4xi32>) -> tensor<6x4xi1>
    %c_0 = stablehlo.constant dense<4> : tensor<i32>
    %2 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<6x4xi32>
    %3 = stablehlo.add %arg1, %2 : tensor<6x4xi32>
    %4 = stablehlo.select %1, %3, %arg1 : tensor<6x4xi1>, tensor<6x4xi32>
    %5 = stablehlo.reshape %4 : (tensor<6x4xi32>) -> tensor<6x4x1xi32>
    %c_1 = stablehlo.constant dense<3> : tensor<1xi32>
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %6 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<i32>) -> tensor<6x4x1xi32>
    %7 = stablehlo.compare GE, %5, %6, SIGNED : (tensor<6x4x1xi32>, tensor<6x4x1xi32>) -> tensor<6x4x1xi1>
    %8 = stablehlo.broadcast_in_dim %c_1, dims = [2] : (tensor<1xi32>) -> tensor<1x1x1xi32>
    %9 = stablehlo.broadcast_in_dim %8, dims = [0, 1, 2] : (tensor<1x1x1xi32>) -> tensor<6x4x1xi32>
    %10 = stablehlo.compare LE, %5, %9, SIGNED : (tensor<6x4x1xi32>, tensor<6x4x1xi32>) -> tensor<6x4x1xi1>
    %11 = stablehlo.and %7, %10 : tensor<6x4x1xi1>
    %c_3 = stablehlo.constant dense<true> : tensor<i1>
    %12 = stablehlo.reduce(%11 init: %c_3) applies stablehlo.and across dimensions = [2] : (tensor<6x4x1xi1>, tensor<i1>) -> tensor<6x4xi1>
    %13 = "stablehlo.gather"(%arg0, %5) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [0], start_index_map = [1], index_vector_dim = 2>, indices_are_sorted = false, slice_sizes = array<i64: 1, 1>}> : (tensor<6x4xf32>, tensor<6x4x1xi32>) -> tensor<6x4xf32>
    %cst = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %14 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<6x4xf32>
    %15 = stablehlo.select %12, %13, %14 : tensor<6x4xi1>, tensor<6x4xf32>
    return %15 : tensor<6x4xf32>
  }
}
